//! `dam egtb plan`: every job's line (dependency order, the fields a
//! scheduler reads, and the estimates: positions, the generator's memory,
//! CPU time, size on disk, the job's files), and the `--summary` totals.

use crate::common::{dam, stderr, stdout};
use dam::variant::Variant;
use serde_json::Value;
use std::collections::{BTreeSet, HashMap};

/// The plan's lines, parsed.
fn plan(variant: &str, pieces: &str) -> Vec<Value> {
    let out = dam(&["egtb", "plan", "--variant", variant, "--pieces", pieces]);
    assert!(out.status.success(), "{}", stderr(&out));
    stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

fn names(v: &Value) -> Vec<String> {
    let list = v.as_array().expect("a list");
    list.iter()
        .map(|s| s.as_str().expect("a name").to_string())
        .collect()
}

#[test]
fn every_job_comes_after_what_it_needs_with_its_estimates() {
    for variant in Variant::REMOVAL.map(|v| v.to_string()) {
        let variant = variant.as_str();
        let jobs = plan(variant, "7");
        let mut seen = BTreeSet::new();
        for j in &jobs {
            let sig = j["signature"].as_str().expect("signature").to_string();
            assert_eq!(j["variant"], variant);
            for dep in names(&j["depends"]).iter().chain(&names(&j["needs"])) {
                assert!(seen.contains(dep), "{variant} {sig}: {dep} comes first");
            }
            let command = format!("dam egtb build --variant {variant} --signature {sig}");
            assert_eq!(j["command"], command.as_str());
            let positions = j["positions"].as_u64().expect("positions");
            let memory = j["memory_unsliced_bytes"].as_u64().expect("memory");
            assert!(
                positions > 0 && memory >= 2 * positions + positions / 4,
                "{j}"
            );
            assert!(j["cpu_seconds"].as_f64().expect("cpu") >= 0.0);
            assert!(j["disk_bytes"].as_u64().expect("disk") < positions);
            let mirror = j["mirror"].as_str().expect("mirror");
            let files = names(&j["files"]);
            assert!(
                files
                    .iter()
                    .all(|f| f.starts_with(&sig) || f.starts_with(mirror))
            );
            assert!(
                files.contains(&format!("{sig}.wdl")) && files.contains(&format!("{mirror}.wdl"))
            );
            let pieces = j["pieces"].as_u64().expect("pieces");
            assert_eq!(
                files.iter().any(|f| f.ends_with(".dtb")),
                pieces <= 4,
                "{j}"
            );
            seen.insert(sig);
        }
    }
    // 0105 and 0501, five kings against one: 190,688,400 positions, two
    // bytes and five bits each, plus the mapped files of the jobs it needs
    let jobs = plan("international", "6");
    let job = jobs
        .iter()
        .find(|j| j["signature"] == "0105")
        .expect("0105");
    assert_eq!(job["positions"], 190_688_400);
    // two sides: three bitsets (decided now, next, capture) and two-bit values
    let bits = 2 * (3 * 8 * 95_344_200u64.div_ceil(64) + 8 * 95_344_200u64.div_ceil(32));
    let disk: HashMap<&str, u64> = jobs
        .iter()
        .map(|j| {
            (
                j["signature"].as_str().unwrap(),
                j["disk_bytes"].as_u64().unwrap(),
            )
        })
        .collect();
    let mapped: u64 = names(&job["needs"]).iter().map(|n| disk[n.as_str()]).sum();
    assert_eq!(
        job["memory_unsliced_bytes"],
        2 * 190_688_400 + bits + mapped
    );
}

#[test]
fn the_summary_adds_up_the_jobs() {
    let jobs = plan("international", "7");
    let out = dam(&["egtb", "plan", "--pieces", "7", "--summary", "--cores", "4"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert_eq!(text.lines().count(), 1, "{text}");
    let s: Value = serde_json::from_str(&text).expect("JSON");
    let sum = |key: &str| jobs.iter().map(|j| j[key].as_f64().unwrap()).sum::<f64>();
    assert_eq!(s["jobs"], jobs.len());
    assert_eq!(s["positions"].as_f64(), Some(sum("positions")));
    assert_eq!(s["disk_bytes"].as_f64(), Some(sum("disk_bytes")));
    let cpu = s["cpu_hours"].as_f64().unwrap();
    assert!((cpu - sum("cpu_seconds") / 3600.0).abs() < 0.01, "{s}");
    assert!(
        (s["wall_hours"].as_f64().unwrap() - cpu / 4.0).abs() < 0.01,
        "{s}"
    );
    let chain = s["critical_path_cpu_hours"].as_f64().unwrap();
    assert!(chain > 0.0 && chain < cpu, "{s}");
    let largest = jobs
        .iter()
        .max_by_key(|j| j["memory_unsliced_bytes"].as_u64())
        .unwrap();
    assert_eq!(s["largest_job"], largest["signature"]);
    assert_eq!(
        s["largest_job_memory_unsliced_bytes"],
        largest["memory_unsliced_bytes"]
    );
    let by = s["by_pieces"].as_array().expect("by_pieces");
    assert_eq!(by.len(), 6);
    assert_eq!(by[4]["rates_from"], "international 6 pieces");
    assert_eq!(by[5]["rates_from"], "international 6 pieces, extrapolated");
}

/// The plan's `files` are the files a build writes.
#[test]
fn the_files_are_those_a_build_writes() {
    let dir = tempfile::tempdir().expect("scratch directory");
    let path = dir.path().to_str().expect("a path");
    let build = "egtb build --variant english --pieces 3 --dir".split(' ');
    let out = dam(&build.chain([path]).collect::<Vec<_>>());
    assert!(out.status.success(), "{}", stderr(&out));
    let written: BTreeSet<String> = std::fs::read_dir(dir.path().join("english"))
        .expect("written")
        .map(|e| e.expect("entry").file_name().to_string_lossy().to_string())
        .collect();
    let planned: BTreeSet<String> = plan("english", "3")
        .iter()
        .flat_map(|j| names(&j["files"]))
        .collect();
    assert_eq!(written, planned);
}
