//! The DXP server's connection slots: so many in all, and fewer for any
//! one address, so that one host cannot keep every other peer out.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

/// The connections open, in all and by address.
#[derive(Debug)]
pub struct Slots {
    total: usize,
    per_address: usize,
    open: Mutex<HashMap<IpAddr, usize>>,
}

/// A connection's slot, given back when dropped.
#[derive(Debug)]
pub struct Slot {
    slots: Arc<Slots>,
    ip: IpAddr,
}

impl Slots {
    pub fn new(total: usize, per_address: usize) -> Arc<Slots> {
        Arc::new(Slots {
            total,
            per_address,
            open: Mutex::new(HashMap::new()),
        })
    }

    /// A slot for a connection from `ip`, or why there is none.
    pub fn take(self: &Arc<Slots>, ip: IpAddr) -> Result<Slot, String> {
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        if open.values().sum::<usize>() >= self.total {
            return Err(format!("{} connections are open already", self.total));
        }
        let count = open.entry(ip).or_insert(0);
        if *count >= self.per_address {
            return Err(format!(
                "{ip} has {} connections open already",
                self.per_address
            ));
        }
        *count += 1;
        Ok(Slot {
            slots: self.clone(),
            ip,
        })
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut open = self.slots.open.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(count) = open.get_mut(&self.ip) {
            *count -= 1;
            if *count == 0 {
                open.remove(&self.ip);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_address_gets_its_share_and_slots_come_back() {
        let slots = Slots::new(3, 2);
        let (a, b): (IpAddr, IpAddr) = ("127.0.0.1".parse().unwrap(), "127.0.0.2".parse().unwrap());
        let first = slots.take(a).unwrap();
        let _second = slots.take(a).unwrap();
        assert!(slots.take(a).unwrap_err().contains("127.0.0.1 has 2"));
        let _third = slots.take(b).unwrap();
        assert!(slots.take(b).unwrap_err().contains("3 connections"));
        drop(first);
        assert!(slots.take(a).is_ok());
    }
}
