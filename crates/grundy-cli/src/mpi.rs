//! `mpirun -np N grundy solve RULESET --tiers DIR` (the feature `mpi`): the
//! processes mpirun started, as the library's `tier::team::Team`, over MPI
//! (rsmpi). Each exchange goes in batches of at most [`BATCH`] bytes, so
//! the buffers MPI is handed stay small whatever the tier's size.

use std::ops::Range;

use grundy::tier::team::Team;
use mpi::collective::SystemOperation;
use mpi::datatype::PartitionMut;
use mpi::environment::Universe;
use mpi::topology::SimpleCommunicator;
use mpi::traits::{Communicator, CommunicatorCollectives, Root};
use mpi::Count;

/// The most bytes one MPI call exchanges (all members' together for a
/// gather).
const BATCH: usize = 16 << 20;

/// The processes of one `mpirun`, MPI set up until this is dropped.
pub struct Processes {
    world: SimpleCommunicator,
    _universe: Universe,
}

/// The processes mpirun started this one among, where it was started by
/// mpirun (OpenMPI's, or a launcher that sets PMI's or PMIx's variables);
/// `None` otherwise, so that a plain `grundy` never sets MPI up.
pub fn started() -> Option<Processes> {
    let launched = ["OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_RANK"]
        .iter()
        .any(|name| std::env::var_os(name).is_some());
    if !launched {
        return None;
    }
    let universe = mpi::initialize()?;
    // A process that panics would otherwise unwind into MPI's shutdown
    // while the others wait for it in an exchange: abort them all.
    let report = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        report(info);
        SimpleCommunicator::world().abort(101);
    }));
    Some(Processes {
        world: universe.world(),
        _universe: universe,
    })
}

impl Processes {
    /// The least of every process's `n`: the memory every process has.
    pub fn least(&self, n: u64) -> u64 {
        let mut least = 0u64;
        self.world
            .all_reduce_into(&n, &mut least, SystemOperation::min());
        least
    }

    /// Every process's `words` combined by `op`, a batch at a time.
    fn reduce(&self, words: &mut [u64], op: SystemOperation) {
        for batch in words.chunks_mut(BATCH / 8) {
            let mine = batch.to_vec();
            self.world.all_reduce_into(&mine[..], batch, op);
        }
    }
}

impl Team for Processes {
    fn index(&self) -> usize {
        self.world.rank() as usize
    }

    fn count(&self) -> usize {
        self.world.size() as usize
    }

    fn or_bits(&self, words: &mut [u64]) {
        self.reduce(words, SystemOperation::bitwise_or());
    }

    /// In rounds: in round k each member sends the k-th batch of its part
    /// (a share of [`BATCH`]), and every member copies what came into
    /// every part.
    fn gather(&self, bytes: &mut [u8], parts: &[Range<usize>]) {
        let each = (BATCH / parts.len()).max(1);
        let longest = parts.iter().map(|p| p.len()).max().unwrap_or(0);
        let mut came = Vec::new();
        for round in 0..longest.div_ceil(each) {
            let pieces: Vec<Range<usize>> = parts
                .iter()
                .map(|p| {
                    let from = (p.start + round * each).min(p.end);
                    from..(from + each).min(p.end)
                })
                .collect();
            let counts: Vec<Count> = pieces.iter().map(|p| p.len() as Count).collect();
            let displs: Vec<Count> = counts
                .iter()
                .scan(0, |at, &c| {
                    *at += c;
                    Some(*at - c)
                })
                .collect();
            came.clear();
            came.resize(pieces.iter().map(|p| p.len()).sum(), 0u8);
            let mine = &bytes[pieces[self.index()].clone()];
            let mut partition = PartitionMut::new(&mut came[..], &counts[..], &displs[..]);
            self.world.all_gather_varcount_into(mine, &mut partition);
            for (piece, &at) in pieces.iter().zip(&displs) {
                let at = at as usize;
                bytes[piece.clone()].copy_from_slice(&came[at..at + piece.len()]);
            }
        }
    }

    fn sum(&self, numbers: &mut [u64]) {
        self.reduce(numbers, SystemOperation::sum());
    }

    fn broadcast(&self, bytes: &mut Vec<u8>) {
        let root = self.world.process_at_rank(0);
        let mut length = bytes.len() as u64;
        root.broadcast_into(&mut length);
        bytes.resize(length as usize, 0);
        for batch in bytes.chunks_mut(BATCH) {
            root.broadcast_into(batch);
        }
    }
}
