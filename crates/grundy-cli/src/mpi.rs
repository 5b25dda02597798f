//! `mpirun -np N grundy solve RULESET --tiers DIR` (the feature `mpi`): the
//! processes mpirun started, as the library's `tier::team::Team`, over MPI
//! (rsmpi). Each exchange goes in batches of at most [`BATCH`] bytes, so
//! the buffers MPI is handed stay small whatever a round's size.

use grundy::tier::team::Team;
use mpi::collective::SystemOperation;
use mpi::datatype::{Partition, PartitionMut};
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

    /// The lengths first, then the bytes in rounds: in each, every member
    /// sends each at most its share of [`BATCH`] bytes, until the longest
    /// of all is through.
    fn exchange(&self, outgoing: Vec<Vec<u8>>) -> Vec<Vec<u8>> {
        let count = self.count();
        let lengths: Vec<u64> = outgoing.iter().map(|o| o.len() as u64).collect();
        let mut coming = vec![0u64; count];
        self.world.all_to_all_into(&lengths[..], &mut coming[..]);
        let mut incoming: Vec<Vec<u8>> = coming.iter().map(|&l| vec![0; l as usize]).collect();
        let each = (BATCH / count).max(1);
        let longest = lengths.iter().chain(&coming).copied().max().unwrap_or(0);
        let mut rounds = 0u64;
        let mine = longest.div_ceil(each as u64);
        self.world
            .all_reduce_into(&mine, &mut rounds, SystemOperation::max());
        // The piece of `bytes` round `round` carries.
        let piece = |length: usize, round: usize| {
            let from = (round * each).min(length);
            from..(from + each).min(length)
        };
        let offsets = |counts: &[Count]| -> Vec<Count> {
            counts
                .iter()
                .scan(0, |at, &c| {
                    *at += c;
                    Some(*at - c)
                })
                .collect()
        };
        for round in 0..rounds as usize {
            let mut sent: Vec<u8> = outgoing
                .iter()
                .flat_map(|o| &o[piece(o.len(), round)])
                .copied()
                .collect();
            // An empty buffer's address is 1, which OpenMPI reads as
            // MPI_IN_PLACE: a byte no count covers keeps it a buffer.
            sent.push(0);
            let send_counts: Vec<Count> = outgoing
                .iter()
                .map(|o| piece(o.len(), round).len() as Count)
                .collect();
            let receive_counts: Vec<Count> = incoming
                .iter()
                .map(|i| piece(i.len(), round).len() as Count)
                .collect();
            let (send_at, receive_at) = (offsets(&send_counts), offsets(&receive_counts));
            let mut came = vec![0u8; receive_counts.iter().map(|&c| c as usize).sum::<usize>() + 1];
            let partition = Partition::new(&sent[..], &send_counts[..], &send_at[..]);
            let mut landing =
                PartitionMut::new(&mut came[..], &receive_counts[..], &receive_at[..]);
            self.world
                .all_to_all_varcount_into(&partition, &mut landing);
            for (into, at) in incoming.iter_mut().zip(&receive_at) {
                let range = piece(into.len(), round);
                let at = *at as usize;
                let length = range.len();
                into[range].copy_from_slice(&came[at..at + length]);
            }
        }
        incoming
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
