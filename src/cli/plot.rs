//! `pkbench plot`: draws a saved result record as SVG (see [`crate::report::plot`]):
//! cost against modulus size on log-log axes with the fitted growth exponents, and
//! Total against security bits (key exchanges' 2*Offer + Reply, KEMs' KeyGen + Encaps +
//! Decaps), each point named with its implementation.

use crate::error::Result;
use crate::record::{self, ResultRecord};
use crate::report::plot;
use clap::Args;
use std::path::PathBuf;

/// Arguments of `pkbench plot`.
#[derive(Debug, Clone, Args)]
#[command(after_help = "Examples:
  pkbench scale --output scale.json            a sweep to draw (minutes)
  pkbench plot scale.json --output scale.svg   cost against modulus size
  pkbench choose --output c.json && pkbench plot c.json --output c.svg
                                               Total against security
  pkbench dh --group p384 --impl all --output p.json
  pkbench plot p.json --output p.svg           a point per implementation,
                                               each label naming it
  rsvg-convert scale.svg -o scale.png          a PNG (Debian: librsvg2-bin)")]
pub struct PlotArgs {
    /// A result record (from `pkbench scale --output`, `suite` or any `--output`): a regular
    /// file of at most 64 MiB.
    #[arg(value_name = "RESULT.json")]
    pub record: PathBuf,
    /// The SVG file to write, named `*.svg` (written atomically; an existing file is
    /// replaced only with `--force`).
    #[arg(long, visible_alias = "out", value_name = "FILE.svg")]
    pub output: PathBuf,
    /// Replace `--output` if it exists (a regular file only; otherwise: error, exit 2). A
    /// file that cannot be replaced (not writable, `chattr +i`) is refused before drawing.
    #[arg(long)]
    pub force: bool,
}

/// Runs `pkbench plot`: writes the SVG and prints the fitted exponents.
///
/// # Errors
/// [`Error::Input`] for a file that is not a record, a record with nothing to plot, or an
/// `--output` not named `*.svg`, that exists without `--force` (or is not a regular file), or
/// whose directory does not exist or cannot be written; [`Error::Runtime`] when
/// drawing or writing fails.
pub fn run(args: &PlotArgs) -> Result<String> {
    crate::cli::page::check_output(
        &args.output,
        "svg",
        "plot writes SVG",
        "plot.svg",
        args.force,
    )?;
    let rec = ResultRecord::read(&args.record)?;
    let (svg, series, points) = plot::render_svg(&rec)?;
    record::write_atomic(&args.output, svg.as_bytes(), args.force)?;
    Ok(plot::summary(&args.output, &series, &points))
}
