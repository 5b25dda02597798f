//! `grundy db build FAMILY --cells N --out FILE` and `grundy db show FILE`:
//! a database of the values of a family's small regions. Every command
//! reads those it is given with `--values FILE`, and otherwise those
//! beside the binary (`FAMILY.values` in its directory): each question of
//! that family then takes a region's value from the file rather than
//! search it again.

use std::path::{Path, PathBuf};

use grundy::answer::values::{build_values, read_values, use_values, ValuesAnswer};

use crate::machine::MemoryLimit;
use crate::progress::watched;
use crate::report::{Failure, Output};

/// The databases of values a command reads.
#[derive(clap::Args)]
pub struct Values {
    /// Take the values of a family's small regions from FILE (made by
    /// grundy db build; repeat for several families); by default from the
    /// files *.values beside the grundy binary.
    #[arg(long = "values", id = "values", value_name = "FILE")]
    pub files: Vec<String>,
}

/// A database of the values of a family's small regions.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Subcommand)]
enum Command {
    /// Values every region of at most N cells of a family of boards and
    /// writes them to FILE (written whole or not at all), with their
    /// checksum.
    Build {
        /// The family: domineering, clobber, cannibal-clobber, konane,
        /// amazons, nogo, fission or toppling-dominoes.
        #[arg(value_name = "FAMILY")]
        family: String,
        /// The most cells of a region (empty cells in Domineering, stones
        /// in Clobber, the dominoes of a row in Toppling Dominoes).
        #[arg(long, value_name = "N")]
        cells: u32,
        /// Where to write the database.
        #[arg(long, value_name = "FILE")]
        out: PathBuf,
        /// Print the answer (or the error) as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Reads FILE and checks it (its checksum, every region and value):
    /// its family, cells and regions.
    Show {
        /// The database.
        #[arg(value_name = "FILE")]
        file: String,
        /// Print the answer (or the error) as JSON.
        #[arg(long)]
        json: bool,
    },
}

pub fn run(args: Args, out: &mut Output) -> Result<(), Failure> {
    match args.command {
        Command::Build {
            family,
            cells,
            out: path,
            json,
        } => {
            let (answer, db) = watched(false, &MemoryLimit::now(), |progress| {
                build_values(&family, cells, progress)
            })
            .map_err(Failure::about(&family))?;
            crate::files::write_whole(&path, |out| db.write(out).map(drop))?;
            let written = format!("written to {}", path.display());
            report(out, &answer, json, &written)
        }
        Command::Show { file, json } => {
            let (answer, _) = read_values(&read(&file)?, &file)?;
            report(out, &answer, json, &file)
        }
    }
}

fn report(out: &mut Output, answer: &ValuesAnswer, json: bool, place: &str) -> Result<(), Failure> {
    if json {
        return out.json(answer);
    }
    out.line(&format!(
        "values of {} regions of {} of at most {} cells, {place}",
        answer.regions, answer.family, answer.cells
    ))?;
    out.line(&format!("sha256 {}", answer.sha256))
}

/// The bytes of the database `path`, up to the most a file may hold.
fn read(path: &str) -> Result<Vec<u8>, Failure> {
    let bytes = grundy::file::read_at_most(path, MemoryLimit::file_bytes(), "database of values")?;
    Ok(bytes)
}

/// Gives the process the databases `files`, or where none is named, the
/// files `*.values` beside the binary: a damaged one is refused by name,
/// before any question is asked.
pub fn use_files(files: &[String]) -> Result<(), Failure> {
    let beside;
    let files = match files {
        [] => {
            beside = beside_binary();
            &beside[..]
        }
        named => named,
    };
    for file in files {
        use_values(&read(file)?, file)?;
    }
    Ok(())
}

/// The files `*.values` in the directory of the running binary, in order
/// of name.
fn beside_binary() -> Vec<String> {
    let Some(dir) = std::env::current_exe()
        .ok()
        .and_then(|exe| exe.parent().map(Path::to_path_buf))
    else {
        return Vec::new();
    };
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return Vec::new();
    };
    let mut files: Vec<String> = entries
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.extension().is_some_and(|e| e == "values") && path.is_file())
        .map(|path| path.display().to_string())
        .collect();
    files.sort();
    files
}
