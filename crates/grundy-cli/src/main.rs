//! The `grundy` command line: a thin layer over the engine library. Each
//! subcommand is one module with its `Args` and `run`; every answer goes
//! through one `report::Output`, and every failure through
//! `Failure::report`.

mod analyze;
mod batch;
mod compare;
mod every;
mod files;
mod graph;
mod lines;
mod machine;
#[cfg(feature = "mpi")]
mod mpi;
mod pattern;
mod play;
mod progress;
mod quotient;
mod report;
mod sequence;
mod serve;
mod solitaire;
mod solve;
mod starts;
mod strong;
mod table;
mod thermograph;
mod values;

use std::process::ExitCode;

use clap::error::ErrorKind;
use clap::{ArgMatches, CommandFactory, FromArgMatches, Parser, Subcommand};

use report::Output;

/// Who wins a combinatorial game, the Sprague-Grundy value of each position,
/// and every winning move.
#[derive(Parser)]
#[command(name = "grundy", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    Analyze(analyze::Args),
    Sequence(sequence::Args),
    Solve(solve::Args),
    Table(table::Args),
    Graph(graph::Args),
    Pattern(pattern::Args),
    Thermograph(thermograph::Args),
    Compare(compare::Args),
    Quotient(quotient::Args),
    Serve(serve::Args),
    Play(play::Args),
}

fn main() -> ExitCode {
    let command = Cli::command()
        .after_help(report::expression_help())
        .mut_subcommand("analyze", |c| c.after_help(report::expression_help()))
        .mut_subcommand("compare", |c| c.after_help(report::expression_help()));
    let matches = match command.try_get_matches() {
        Ok(matches) => matches,
        Err(e) => usage_error(e),
    };
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(e) => usage_error(e),
    };
    let json = wants_json(&matches);
    machine::set_search_budget();
    let mut out = Output::stdout();
    let result = match cli.command {
        Command::Analyze(args) => match args.batch_file() {
            Some(file) => batch::run(file, &args.question(), args.json(), &mut out),
            None => analyze::run(args, &mut out),
        },
        Command::Sequence(args) => sequence::run(args, &mut out),
        Command::Solve(args) => solve::run(args, &mut out),
        Command::Table(args) => table::run(args, &mut out),
        Command::Graph(args) => graph::run(args, &mut out),
        Command::Pattern(args) => pattern::run(args, &mut out),
        Command::Thermograph(args) => thermograph::run(args, &mut out),
        Command::Compare(args) => compare::run(args, &mut out),
        Command::Quotient(args) => quotient::run(args, &mut out),
        Command::Serve(args) => serve::run(args, &mut out),
        Command::Play(args) => play::run(args, &mut out),
    };
    match result.and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => failure.report(json, &mut out),
    }
}

/// Whether the subcommand was given `--json` (every subcommand has it), so
/// that its errors are JSON too.
fn wants_json(matches: &ArgMatches) -> bool {
    matches
        .subcommand()
        .and_then(|(_, sub)| sub.try_get_one::<bool>("json").ok().flatten())
        .copied()
        .unwrap_or(false)
}

/// Ends the run on a usage error, as clap does (exit status 2, its message
/// on stderr); with `--json` on the command line the error is JSON on
/// stdout too, since the arguments could not be read to know it otherwise.
fn usage_error(error: clap::Error) -> ! {
    let is_error = !matches!(
        error.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    );
    let json = std::env::args_os()
        .take_while(|a| a != "--")
        .any(|a| a == "--json");
    if is_error && json {
        report::report_usage(&error);
    }
    error.exit()
}
