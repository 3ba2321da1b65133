//! `pkbench report`: saved result records as one self-contained HTML page (see
//! [`crate::report::html`]): the machines and builds, every table the records' commands
//! print, their plots and, for records from several machines, every operation by machine.

use crate::error::{Error, Result};
use crate::record::{self, ResultRecord};
use crate::report::html;
use clap::Args;
use std::path::{Path, PathBuf};

/// Arguments of `pkbench report`.
#[derive(Debug, Clone, Args)]
#[command(after_help = "Examples:
  pkbench suite --quick --output s.json && pkbench report s.json --output s.html
                                    one record as a page (tables, plots)
  pkbench report a.json b.json c.json --output machines.html
                                    records of three machines: one column each")]
pub struct ReportArgs {
    /// Result records (from any command's `--output`), each a regular file of at most
    /// 64 MiB; records of several machines get one column per machine.
    #[arg(value_name = "RECORD.json", required = true, num_args = 1..)]
    pub records: Vec<PathBuf>,
    /// The HTML file to write, named `*.html` (written atomically; an existing file is
    /// replaced only with `--force`).
    #[arg(long, visible_alias = "out", value_name = "FILE.html")]
    pub output: PathBuf,
    /// Replace `--output` if it exists (a regular file only; otherwise: error, exit 2).
    #[arg(long)]
    pub force: bool,
}

/// Refuses an `--output` that is a directory or whose name does not end in `.ext` (`what`
/// names the format, `example` a good name), then checks that it can be written
/// ([`record::write::check_destination`]).
///
/// # Errors
/// [`Error::Input`] naming `--output`.
pub fn check_output(path: &Path, ext: &str, what: &str, example: &str, force: bool) -> Result<()> {
    if path.is_dir() {
        return Err(Error::input(format!(
            "--output {}: is a directory; give a file name such as {example}",
            path.display()
        )));
    }
    if !path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case(ext))
    {
        return Err(Error::input(format!(
            "--output {}: {what}; name the file .{ext} (e.g. {example})",
            path.display()
        )));
    }
    record::write::check_destination(path, force)
}

/// Runs `pkbench report`: reads every record, writes the page, says what it holds.
///
/// # Errors
/// [`Error::Input`] for an `--output` not named `*.html`, that exists without `--force` (or
/// is not a regular file) or cannot be written, and for a file that is not a result record;
/// [`Error::Runtime`] when writing fails.
pub fn run(args: &ReportArgs) -> Result<String> {
    check_output(
        &args.output,
        "html",
        "report writes an HTML page",
        "report.html",
        args.force,
    )?;
    let records = args
        .records
        .iter()
        .map(|p| Ok((p.display().to_string(), ResultRecord::read(p)?)))
        .collect::<Result<Vec<_>>>()?;
    let page = html::render_page(&records)?;
    record::write_atomic(&args.output, page.as_bytes(), args.force)?;
    let machines = html::machines::group(&records).len();
    Ok(format!(
        "report: {} record{} from {} machine{} written to {}\n",
        records.len(),
        if records.len() == 1 { "" } else { "s" },
        machines,
        if machines == 1 { "" } else { "s" },
        args.output.display()
    ))
}
