//! The `grundy` command line: a thin layer over the engine library. Each
//! subcommand is one module with its `Args` and `run`; every answer goes
//! through one `report::Output`, and every failure through
//! `Failure::report`.

mod analyze;
mod batch;
mod compare;
mod db;
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
    Db(db::Args),
}

impl Command {
    /// The databases of values the command was given, where it reads
    /// them (its questions may name partizan families).
    fn values(&self) -> Option<&[String]> {
        let values = match self {
            Command::Analyze(args) => &args.values,
            Command::Table(args) => &args.values,
            Command::Graph(args) => &args.values,
            Command::Pattern(args) => &args.values,
            Command::Thermograph(args) => &args.values,
            Command::Compare(args) => &args.values,
            Command::Serve(args) => &args.values,
            Command::Play(args) => &args.values,
            Command::Sequence(_) | Command::Solve(_) | Command::Quotient(_) | Command::Db(_) => {
                return None
            }
        };
        Some(&values.files)
    }
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
    let values = cli.command.values().map_or(Ok(()), db::use_files);
    let result = values.and_then(|()| match cli.command {
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
        Command::Db(args) => db::run(args, &mut out),
    });
    match result.and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => failure.report(json, &mut out),
    }
}

/// Whether the subcommand (or its own subcommand: `db show`) was given
/// `--json` (every subcommand has it), so that its errors are JSON too.
fn wants_json(matches: &ArgMatches) -> bool {
    let mut matches = matches;
    while let Some((_, sub)) = matches.subcommand() {
        matches = sub;
    }
    matches
        .try_get_one::<bool>("json")
        .ok()
        .flatten()
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

#[cfg(test)]
mod tests {
    use super::*;

    /// clap's own checks of every subcommand's arguments (unique names,
    /// no flag of a flattened group, such as `--values`, clashing with
    /// another), which otherwise fail only when that subcommand runs.
    #[test]
    fn every_subcommand_is_well_formed() {
        Cli::command().debug_assert();
    }
}
