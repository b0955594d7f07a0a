//! Battles per second on each reference scenario, single-threaded, steady state (one reused
//! worker). Run with `cargo bench -p fleetlab-benches`; `fleetlab bench` measures the same
//! scenarios through the parallel runner on 1 and all threads.

use std::path::{Path, PathBuf};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use fleetlab_engine::RuleSystem;
use fleetlab_engine::rules::cosmic_conflict::CosmicConflict;
use fleetlab_engine::rules::junction::Junction;
use fleetlab_sim::load;
use fleetlab_sim::runner::{self, Worker};

const BATTLES: u64 = 1_000;

fn config(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(rel)
}

fn bench_reference<R: RuleSystem>(c: &mut Criterion, rel: &str) {
    let exp = load::load::<R>(&config(rel)).unwrap_or_else(|e| panic!("{e}"));
    let m = &exp.matchups[0];
    let key = runner::matchup_key(m);
    let mut worker = Worker::<R>::new(&m.matchup);
    let mut group = c.benchmark_group("battles");
    group.throughput(Throughput::Elements(BATTLES));
    let mut next = 0u64;
    group.bench_function(rel, |b| {
        b.iter(|| {
            worker.play(&m.matchup, 1, key, next..next + BATTLES);
            next += BATTLES;
        })
    });
    group.finish();
}

fn reference_3v3(c: &mut Criterion) {
    bench_reference::<CosmicConflict>(c, "configs/cosmic-conflict/reference-3v3.toml");
}

fn reference_full(c: &mut Criterion) {
    bench_reference::<CosmicConflict>(c, "configs/cosmic-conflict/reference-full.toml");
}

fn junction_reference_2v2(c: &mut Criterion) {
    bench_reference::<Junction>(c, "configs/junction/reference-2v2.toml");
}

criterion_group!(
    benches,
    reference_3v3,
    reference_full,
    junction_reference_2v2
);
criterion_main!(benches);
