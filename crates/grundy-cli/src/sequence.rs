//! `grundy sequence RULESET --to N`: the nim-sequence of a heap game, its
//! period and preperiod, and which theorem proves them.

use std::fs::File;
use std::io::{BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use grundy::sequence::{MethodChoice, Report, Sequence, Values};
use grundy::Error;
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;

use crate::report::Failure;

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

    /// Print the values G(0), G(1), ... too.
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
    /// 2 or more, to combine rare heaps ahead of the heap being computed
    /// [default: the machine's cores].
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
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum Method {
    Auto,
    Naive,
    Sparse,
}

/// How often a checkpoint is saved during a run.
const CHECKPOINT_EVERY: Duration = Duration::from_secs(60);

pub fn run(args: Args) -> Result<(), Failure> {
    let failure = |error: Error| Failure {
        error,
        expression: Some(args.ruleset.clone()),
    };
    let ruleset = grundy::ruleset(&args.ruleset).map_err(failure)?;
    let name = ruleset.name();
    let game = ruleset.heap_game().ok_or_else(|| {
        failure(Error::Parse {
            column: 1,
            message: format!("{name} is not a heap game, so it has no nim-sequence"),
        })
    })?;
    let method = match args.method {
        Method::Auto => MethodChoice::Auto,
        Method::Naive => MethodChoice::Naive,
        Method::Sparse => MethodChoice::Sparse,
    };
    let mut sequence = Sequence::new(game, method).map_err(failure)?;
    if let Some(threads) = args.threads {
        sequence.set_threads(threads as usize);
    }
    if let Some(path) = args.checkpoint.as_deref().filter(|p| p.exists()) {
        sequence.resume(read_checkpoint(path, &name)?);
    }

    let interrupted = Arc::new(AtomicBool::new(false));
    let flag = interrupted.clone();
    // Without a handler Ctrl-C kills the process; with one, the run stops
    // after the current chunk and reports (and saves) what it has.
    let _ = ctrlc::set_handler(move || flag.store(true, Ordering::SeqCst));
    let bar = progress_bar(args.to);
    let mut last_save = Instant::now();
    // `compute` returns to save a checkpoint now and then, and runs on.
    let stopped = loop {
        let mut save_due = false;
        let stopped = sequence.compute(args.to, args.full, &mut |progress| {
            bar.set_position(progress.heaps as u64);
            bar.set_message(format!(
                "largest G {}, rare heaps {}",
                progress.largest, progress.rare_heaps
            ));
            save_due = args.checkpoint.is_some() && last_save.elapsed() >= CHECKPOINT_EVERY;
            !interrupted.load(Ordering::SeqCst) && !save_due && game.failure().is_none()
        });
        // A game that failed (a script's error) has no values past it.
        if let Some(error) = game.failure() {
            bar.finish_and_clear();
            return Err(failure(error));
        }
        match &args.checkpoint {
            Some(path) if stopped && save_due && !interrupted.load(Ordering::SeqCst) => {
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
    if let Some(path) = &args.plot {
        write_file(path, |out| {
            out.write_all(plot(&name, sequence.values(), &report).as_bytes())
        })?;
    }
    let shown = if args.values {
        Some(sequence.values().to_vec())
    } else {
        None
    };
    if args.json {
        let json = Json::new(&name, &report, stopped, shown.as_deref());
        println!("{}", serde_json::to_string(&json).expect("serialisable"));
    } else {
        print!("{}", text(&name, &report, stopped, shown.as_deref()));
    }
    if stopped {
        return Err(Failure::from(Error::Limit(format!(
            "interrupted after {} heaps",
            report.computed
        ))));
    }
    Ok(())
}

/// Progress on stderr; indicatif draws nothing when stderr is not a terminal.
fn progress_bar(to: usize) -> ProgressBar {
    let bar = ProgressBar::new(to as u64 + 1);
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

fn write_file(
    path: &Path,
    write: impl FnOnce(&mut BufWriter<File>) -> std::io::Result<()>,
) -> Result<(), Failure> {
    let mut out = BufWriter::new(File::create(path).map_err(|e| io_failure(path, e))?);
    write(&mut out)
        .and_then(|()| out.flush())
        .map_err(|e| io_failure(path, e))
}

fn write_values(path: &Path, name: &str, values: &Values) -> Result<(), Failure> {
    // Write aside and rename, so that an interrupted save never spoils the
    // checkpoint it replaces.
    let aside = path.with_extension("partial");
    write_file(&aside, |out| values.write(name, out))?;
    std::fs::rename(&aside, path).map_err(|e| io_failure(path, e))
}

fn read_checkpoint(path: &Path, name: &str) -> Result<Values, Failure> {
    let file = File::open(path).map_err(|e| io_failure(path, e))?;
    let (saved, values) =
        Values::read(&mut BufReader::new(file)).map_err(|e| io_failure(path, e))?;
    if saved != name {
        return Err(Failure::from(Error::File {
            path: path.display().to_string(),
            message: format!("the checkpoint is of {saved}, not {name}"),
        }));
    }
    Ok(values)
}

/// The JSON object of DESIGN.md.
#[derive(Serialize)]
struct Json<'a> {
    ruleset: &'a str,
    /// How many values were computed: G(0..heaps).
    heaps: usize,
    period: Option<usize>,
    preperiod: Option<usize>,
    saltus: Option<i64>,
    proven: bool,
    theorem: Option<&'a str>,
    /// The values G(0..proof_heaps) the proof rests on.
    proof_heaps: Option<usize>,
    interrupted: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    values: Option<&'a [u32]>,
}

impl<'a> Json<'a> {
    fn new(
        ruleset: &'a str,
        report: &'a Report,
        interrupted: bool,
        values: Option<&'a [u32]>,
    ) -> Json<'a> {
        let regularity = report.regularity.as_ref();
        Json {
            ruleset,
            heaps: report.computed,
            period: regularity.map(|r| r.period.period),
            preperiod: regularity.map(|r| r.period.preperiod),
            saltus: regularity.map(|r| r.saltus),
            proven: report.proof.is_some(),
            theorem: report.proof.as_ref().map(|p| p.theorem.as_str()),
            proof_heaps: report.proof.as_ref().map(|p| p.needs),
            interrupted,
            values,
        }
    }
}

fn text(name: &str, report: &Report, interrupted: bool, values: Option<&[u32]>) -> String {
    let mut out = format!("ruleset:   {name}\n");
    let computed = match report.computed {
        0 => "nothing".to_string(),
        n => format!("G(0..={}), {n} heaps", n - 1),
    };
    out.push_str(&format!("computed:  {computed}"));
    out.push_str(if interrupted {
        " (interrupted)\n"
    } else {
        "\n"
    });
    match &report.regularity {
        Some(r) => {
            out.push_str(&format!("period:    {}\n", r.period.period));
            out.push_str(&format!("preperiod: {}\n", r.period.preperiod));
            out.push_str(&format!("saltus:    {}\n", r.saltus));
        }
        None => out.push_str("period:    none seen\n"),
    }
    match &report.proof {
        Some(proof) => out.push_str(&format!(
            "proven:    yes, by the {} (on G(0..{}))\n",
            proof.theorem, proof.needs
        )),
        None if report.regularity.is_some() => out.push_str("proven:    no, only observed\n"),
        None => out.push_str("proven:    no\n"),
    }
    if let Some(values) = values {
        let values: Vec<String> = values.iter().map(u32::to_string).collect();
        out.push_str(&format!("values:    {}\n", values.join(" ")));
    }
    out
}

/// G(n) against n. A long sequence is drawn one column of pixels per range
/// of heaps, from the least to the greatest value in it, so that the file
/// stays small; the preperiod is marked.
fn plot(name: &str, values: &Values, report: &Report) -> String {
    const WIDTH: usize = 1000;
    const HEIGHT: usize = 400;
    const MARGIN: usize = 40;
    let n = values.len().max(1);
    let largest = (0..values.len())
        .map(|i| values.get(i))
        .max()
        .unwrap_or(0)
        .max(1);
    let x = |i: usize| MARGIN as f64 + (i as f64 + 0.5) * WIDTH as f64 / n as f64;
    let y = |g: u32| (MARGIN + HEIGHT) as f64 - g as f64 * HEIGHT as f64 / largest as f64;
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
         font-family=\"sans-serif\" font-size=\"12\">\n\
         <rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n\
         <text x=\"{MARGIN}\" y=\"20\">nim-sequence of {name}: G(n) for n = 0..{last}</text>\n\
         <text x=\"5\" y=\"{top}\">{largest}</text><text x=\"5\" y=\"{bottom}\">0</text>\n",
        w = WIDTH + 2 * MARGIN,
        h = HEIGHT + 2 * MARGIN,
        last = n - 1,
        top = MARGIN + 4,
        bottom = MARGIN + HEIGHT + 4,
    );
    if let Some(r) = &report.regularity {
        let at = x(r.period.preperiod);
        svg.push_str(&format!(
            "<line x1=\"{at:.1}\" y1=\"{MARGIN}\" x2=\"{at:.1}\" y2=\"{}\" stroke=\"red\"/>\n\
             <text x=\"{at:.1}\" y=\"{}\" fill=\"red\">preperiod {}, period {}</text>\n",
            MARGIN + HEIGHT,
            MARGIN + HEIGHT + 16,
            r.period.preperiod,
            r.period.period
        ));
    }
    let columns = n.min(WIDTH);
    for c in 0..columns {
        let (start, end) = (
            c * n / columns,
            ((c + 1) * n / columns).max(c * n / columns + 1),
        );
        let range = (start..end.min(values.len())).map(|i| values.get(i));
        let (low, high) = range.fold((u32::MAX, 0), |(l, h), g| (l.min(g), h.max(g)));
        if low > high {
            continue;
        }
        let at = x(start);
        if n <= WIDTH {
            svg.push_str(&format!(
                "<circle cx=\"{at:.1}\" cy=\"{:.1}\" r=\"2\"/>\n",
                y(low)
            ));
        } else {
            svg.push_str(&format!(
                "<line x1=\"{at:.1}\" y1=\"{:.1}\" x2=\"{at:.1}\" y2=\"{:.1}\" stroke=\"black\"/>\n",
                y(low),
                y(high) - 0.5
            ));
        }
    }
    svg.push_str("</svg>\n");
    svg
}
