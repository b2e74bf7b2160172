//! The weights file of the pattern evaluation (docs/eval-weights.md):
//! a 20-byte header (its variant by an explicit code), then one (opening,
//! ending) pair of little-endian `i16` per weight, region tables first,
//! then the scalar features, in units of 1/16 of a hundredth of a man,
//! then the CRC-32 of all the bytes before it.

use super::{MAX_REGIONS, REGION_ENTRIES, REGION_SQUARES, SCALARS};
use crate::variant::{Family, Variant};
use std::path::Path;

/// The first 8 bytes of a weights file.
pub const MAGIC: &[u8; 8] = b"DAMEVAL\0";
/// The format version this build reads and writes (version 1 had no
/// checksum and coded the variant by its place in `Variant::ALL`).
pub const VERSION: u32 = 2;
/// Bytes before the weights.
const HEADER: usize = 20;
/// Bytes of the checksum after the weights.
const CHECKSUM: usize = 4;

/// The CRC-32 (IEEE 802.3, as zlib and PNG compute it) of `bytes`: any
/// burst of flipped bits up to 32 long changes it.
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = (crc >> 1) ^ (0xEDB8_8320 & (crc & 1).wrapping_neg());
        }
    }
    !crc
}

/// The learned weights of one variant.
#[derive(Clone, Debug, PartialEq)]
pub struct PatternWeights {
    pub variant: Variant,
    /// The logistic scale K the weights were trained with: the predicted
    /// result is sigmoid(score / K), score in hundredths of a man.
    pub scale: f32,
    /// `regions * REGION_ENTRIES + SCALARS` pairs (opening, ending).
    pub weights: Vec<[i16; 2]>,
}

/// A weights file that cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum WeightsError {
    #[error("{path}: {source}")]
    Io {
        path: String,
        source: std::io::Error,
    },
    #[error("{path}: {what}")]
    Bad { path: String, what: String },
    #[error("{path}: {file} weights, but this command plays {wanted}")]
    Variant {
        path: String,
        file: Variant,
        wanted: Variant,
    },
}

/// How many regions the pattern evaluation of `variant` has, if it has one.
pub const fn regions_of(variant: Variant) -> Option<usize> {
    match variant.family() {
        // 16 regions of the board on 10x10, 9 on 8x8
        Family::Removal if variant.facts().board == 10 => Some(16),
        Family::Removal => Some(9),
        Family::Columns | Family::Damath => None,
    }
}

impl PatternWeights {
    /// Every weight 0: the hand-set evaluation alone.
    pub fn zero(variant: Variant) -> Option<PatternWeights> {
        let regions = regions_of(variant)?;
        let weights = vec![[0i16; 2]; regions * REGION_ENTRIES + SCALARS];
        Some(PatternWeights {
            variant,
            scale: 100.0,
            weights,
        })
    }

    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let regions = (self.weights.len() - SCALARS) / REGION_ENTRIES;
        let mut out = Vec::with_capacity(HEADER + 4 * self.weights.len() + CHECKSUM);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.push(self.variant.facts().file_code);
        out.extend_from_slice(&[regions as u8, REGION_SQUARES as u8, SCALARS as u8]);
        out.extend_from_slice(&self.scale.to_le_bytes());
        for [op, eg] in &self.weights {
            out.extend_from_slice(&op.to_le_bytes());
            out.extend_from_slice(&eg.to_le_bytes());
        }
        let crc = crc32(&out);
        out.extend_from_slice(&crc.to_le_bytes());
        out
    }

    /// Read weights from `bytes`; `path` names them in errors.
    pub fn from_bytes(bytes: &[u8], path: &str) -> Result<PatternWeights, WeightsError> {
        let bad = |what: String| WeightsError::Bad {
            path: path.to_string(),
            what,
        };
        if bytes.len() < HEADER || &bytes[..8] != MAGIC {
            return Err(bad("not a dam weights file (no DAMEVAL header)".into()));
        }
        let version = u32::from_le_bytes(bytes[8..12].try_into().expect("4 bytes"));
        if version != VERSION {
            return Err(bad(format!(
                "version {version}, this build reads {VERSION}"
            )));
        }
        let variant = Variant::from_file_code(bytes[12])
            .ok_or_else(|| bad(format!("byte 12: no variant has the code {}", bytes[12])))?;
        let regions = regions_of(variant)
            .ok_or_else(|| bad(format!("byte 12: {variant} has no pattern evaluation")))?;
        let shape = [bytes[13] as usize, bytes[14] as usize, bytes[15] as usize];
        if shape != [regions, REGION_SQUARES, SCALARS] || regions > MAX_REGIONS {
            return Err(bad(format!(
                "bytes 13-15: {shape:?} (regions, squares, scalars), {variant} needs {:?}",
                [regions, REGION_SQUARES, SCALARS]
            )));
        }
        let scale = f32::from_le_bytes(bytes[16..20].try_into().expect("4 bytes"));
        if !(scale.is_finite() && scale > 0.0) {
            return Err(bad(format!(
                "bytes 16-19: scale {scale} is not a positive number"
            )));
        }
        let count = regions * REGION_ENTRIES + SCALARS;
        let end = HEADER + 4 * count;
        if bytes.len() != end + CHECKSUM {
            return Err(bad(format!(
                "{} bytes, {variant} weights take {}",
                bytes.len(),
                end + CHECKSUM
            )));
        }
        let stored = u32::from_le_bytes(bytes[end..].try_into().expect("4 bytes"));
        let computed = crc32(&bytes[..end]);
        if stored != computed {
            return Err(bad(format!(
                "damaged: the checksum in the last 4 bytes is {stored:08x}, the bytes \
                 before it give {computed:08x}"
            )));
        }
        let weights = bytes[HEADER..end]
            .chunks_exact(4)
            .map(|c| {
                [
                    i16::from_le_bytes([c[0], c[1]]),
                    i16::from_le_bytes([c[2], c[3]]),
                ]
            })
            .collect();
        Ok(PatternWeights {
            variant,
            scale,
            weights,
        })
    }

    /// Read a weights file, which must be of `wanted` if given.
    pub fn read_for(path: &Path, wanted: Option<Variant>) -> Result<PatternWeights, WeightsError> {
        let w = PatternWeights::read(path)?;
        match wanted {
            Some(wanted) if wanted != w.variant => Err(WeightsError::Variant {
                path: path.display().to_string(),
                file: w.variant,
                wanted,
            }),
            _ => Ok(w),
        }
    }

    /// Read a weights file.
    pub fn read(path: &Path) -> Result<PatternWeights, WeightsError> {
        let name = path.display().to_string();
        let bytes = std::fs::read(path).map_err(|source| WeightsError::Io {
            path: name.clone(),
            source,
        })?;
        PatternWeights::from_bytes(&bytes, &name)
    }

    /// Write a weights file.
    pub fn write(&self, path: &Path) -> Result<(), WeightsError> {
        std::fs::write(path, self.to_bytes()).map_err(|source| WeightsError::Io {
            path: path.display().to_string(),
            source,
        })
    }
}
