//! `grundy sequence RULESET --to N`: the nim-sequence of a heap game, its
//! period and preperiod, and which theorem proves them.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use grundy::answer::sequence::{
    check_shown, heap_game, table_fits, value_width, SequenceAnswer, SequenceValues,
};
use grundy::sequence::{MethodChoice, Report, Sequence, Values};
use grundy::Error;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::files::write_whole;
use crate::machine::{self, MemoryLimit};
use crate::report::{Failure, Output};

/// The nim-sequence G(0..=N) of a heap game, its period and preperiod, and
/// whether a theorem proves them.
#[derive(clap::Args)]
pub struct Args {
    /// The heap ruleset, e.g. 'kayles', 'octal(0.137)', 'subtraction(1,3,4)'.
    #[arg(value_name = "RULESET")]
    ruleset: String,

    /// The largest heap to compute.
    #[arg(long, value_name = "N")]
    to: usize,

    /// Compute every heap up to N even after the period is proven.
    #[arg(long)]
    full: bool,

    /// Print the values G(0..=N) too: all of them, those after a proven
    /// period from the period.
    #[arg(long)]
    values: bool,

    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,

    /// How take-and-break games are computed: sparse space for games that
    /// split heaps (auto), or force either method.
    #[arg(long, value_enum, default_value = "auto")]
    method: Method,

    /// Threads to use: the sparse-space method uses a second one, when N is
    /// 2 or more and values reach 128, to combine rare heaps ahead of the
    /// heap being computed; it rests when it cannot keep up [default: the
    /// cores free when values first reach 128: the cores less the other
    /// tasks running].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    threads: Option<u32>,

    /// Write the values to FILE in grundy's compact binary format (see
    /// crates/grundy/src/sequence/values.rs).
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,

    /// Resume from FILE if it exists, and save the values there every
    /// minute and when interrupted (same format as --out).
    #[arg(long, value_name = "FILE")]
    checkpoint: Option<PathBuf>,

    /// Draw G(n) against n as an SVG picture in FILE.
    #[arg(long, value_name = "FILE")]
    plot: Option<PathBuf>,

    /// Draw the progress bar on stderr even when stderr is not a terminal
    /// (by default it is drawn only on a terminal).
    #[arg(long)]
    progress: bool,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum Method {
    Auto,
    Naive,
    Sparse,
}

/// How often a checkpoint is saved during a run.
const CHECKPOINT_EVERY: Duration = Duration::from_secs(60);

pub fn run(args: Args, out: &mut Output) -> Result<(), Failure> {
    let failure = Failure::about(&args.ruleset);
    let ruleset = grundy::ruleset(&args.ruleset).map_err(failure)?;
    let name = ruleset.name();
    let game = heap_game(&ruleset).map_err(failure)?;
    let method = match args.method {
        Method::Auto => MethodChoice::Auto,
        Method::Naive => MethodChoice::Naive,
        Method::Sparse => MethodChoice::Sparse,
    };
    let mut sequence = Sequence::new(game, method).map_err(failure)?;
    // A second thread on a core that another process uses takes time from
    // the first: it is worth it only on a core that is free.
    match args.threads {
        Some(n) => sequence.set_threads(move || n as usize),
        None => sequence.set_threads(machine::free_cores),
    }
    if let Some(path) = args.checkpoint.as_deref().filter(|p| p.exists()) {
        sequence.resume(read_checkpoint(path, &name)?);
    }
    // A run that computes every heap up to N is refused up front when its
    // table could not fit; any other is stopped if its table grows so far.
    let memory = MemoryLimit::now();
    if args.values {
        check_shown(args.to)?;
    }
    if args.full {
        let heaps = (args.to as u64).saturating_add(1);
        table_fits(memory.bytes, memory.source, heaps, 1)
            .map_err(|why| Error::Limit(format!("--to {} --full: {why}", args.to)))?;
    }

    // The run stops after the current chunk and reports (and saves) what
    // it has.
    let interrupted = machine::interrupted_flag();
    let bar = progress_bar(args.to, args.progress);
    let mut last_save = Instant::now();
    let mut out_of_memory = None;
    // `compute` returns to save a checkpoint now and then, and runs on.
    let stopped = loop {
        let mut save_due = false;
        let stopped = sequence.compute(args.to, args.full, &mut |progress| {
            bar.set_position(progress.heaps as u64);
            bar.set_message(format!(
                "largest G {}, rare heaps {}",
                progress.largest, progress.rare_heaps
            ));
            let (heaps, width) = (progress.heaps as u64, value_width(progress.largest));
            if let Err(why) = table_fits(memory.bytes, memory.source, heaps, width) {
                out_of_memory = Some(format!("stopped after {} heaps: {why}", progress.heaps));
                return false;
            }
            save_due = args.checkpoint.is_some() && last_save.elapsed() >= CHECKPOINT_EVERY;
            !interrupted.load(Ordering::SeqCst) && !save_due && game.failure().is_none()
        });
        // A game that failed (a script's error) has no values past it.
        if let Some(error) = game.failure() {
            bar.finish_and_clear();
            return Err(failure(error));
        }
        let stopped_to_save = save_due && out_of_memory.is_none();
        match &args.checkpoint {
            Some(path) if stopped && stopped_to_save && !interrupted.load(Ordering::SeqCst) => {
                write_values(path, &name, sequence.values())?;
                last_save = Instant::now();
            }
            _ => break stopped,
        }
    };
    bar.finish_and_clear();
    if let Some(path) = &args.checkpoint {
        write_values(path, &name, sequence.values())?;
    }
    let report = sequence.report();
    if let Some(path) = &args.out {
        write_values(path, &name, sequence.values())?;
    }
    // The values G(0..=N), for --values and for the plot, which draws
    // what --values prints.
    let shown = match args.values || args.plot.is_some() {
        true => Some(SequenceValues::new(
            sequence.values().clone(),
            &report,
            args.to,
        )?),
        false => None,
    };
    let mut answer = SequenceAnswer::new(&name, &report, stopped, shown);
    if let Some(path) = &args.plot {
        let svg = answer.plot()?;
        write_whole(path, |out| out.write_all(svg.as_bytes()))?;
    }
    if !args.values {
        answer.values = None;
    }
    let written = if args.json {
        let w = out.writer();
        serde_json::to_writer(&mut *w, &answer)
            .map_err(io::Error::from)
            .and_then(|()| writeln!(w))
    } else {
        text(
            &name,
            &report,
            stopped,
            answer.values.as_ref(),
            out.writer(),
        )
    };
    written.map_err(Failure::Output)?;
    if stopped {
        let why =
            out_of_memory.unwrap_or_else(|| format!("interrupted after {} heaps", report.computed));
        return Err(Failure::from(Error::Limit(why)));
    }
    Ok(())
}

/// Progress on stderr. Unless `forced`, indicatif draws nothing when stderr
/// is not a terminal.
fn progress_bar(to: usize, forced: bool) -> ProgressBar {
    let bar = ProgressBar::new((to as u64).saturating_add(1));
    if forced {
        let stderr = Box::new(console::Term::stderr());
        bar.set_draw_target(ProgressDrawTarget::term_like_with_hz(stderr, 20));
    }
    bar.set_style(
        ProgressStyle::with_template("{bar:30} {human_pos}/{human_len} heaps, {per_sec}, {msg}")
            .expect("a valid template"),
    );
    bar
}

fn io_failure(path: &Path, error: std::io::Error) -> Failure {
    Failure::from(Error::File {
        path: path.display().to_string(),
        message: error.to_string(),
    })
}

fn write_values(path: &Path, name: &str, values: &Values) -> Result<(), Failure> {
    write_whole(path, |out| values.write(name, out))
}

/// The values of a checkpoint, read up to `MemoryLimit::file_bytes`.
fn read_checkpoint(path: &Path, name: &str) -> Result<Values, Failure> {
    let shown = path.display().to_string();
    let bytes = grundy::file::read_at_most(&shown, MemoryLimit::file_bytes(), "checkpoint")?;
    let (saved, values) = Values::read(&mut &bytes[..]).map_err(|e| io_failure(path, e))?;
    if saved != name {
        return Err(Failure::from(Error::File {
            path: path.display().to_string(),
            message: format!("the checkpoint is of {saved}, not {name}"),
        }));
    }
    Ok(values)
}

fn text(
    name: &str,
    report: &Report,
    interrupted: bool,
    values: Option<&SequenceValues>,
    out: &mut dyn Write,
) -> io::Result<()> {
    writeln!(out, "ruleset:   {name}")?;
    let computed = match report.computed {
        0 => "nothing".to_string(),
        n => format!("G(0..={}), {n} heaps", n - 1),
    };
    let interrupted = if interrupted { " (interrupted)" } else { "" };
    writeln!(out, "computed:  {computed}{interrupted}")?;
    match &report.regularity {
        Some(r) => {
            writeln!(out, "period:    {}", r.period.period)?;
            writeln!(out, "preperiod: {}", r.period.preperiod)?;
            writeln!(out, "saltus:    {}", r.saltus)?;
        }
        None => writeln!(out, "period:    none seen")?,
    }
    match &report.proof {
        Some(proof) => writeln!(
            out,
            "proven:    yes, by the {} (on G(0..{}))",
            proof.theorem, proof.needs
        )?,
        None if report.regularity.is_some() => writeln!(out, "proven:    no, only observed")?,
        None => writeln!(out, "proven:    no")?,
    }
    if let Some(values) = values {
        write!(out, "values:   ")?;
        for g in values.iter() {
            write!(out, " {g}")?;
        }
        writeln!(out)?;
    }
    Ok(())
}
