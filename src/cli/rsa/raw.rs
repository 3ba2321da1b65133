//! `pkbench rsa-raw`: one RSAEP/RSASP1 computation, input^exponent mod modulus, in hex,
//! through pkbench's own bignum backends and the libraries `--impl` names (each value
//! checked against pkbench's own by [`values::render`], after pkbench's own checks accepted
//! the values: [`rsa::raw`]).

use crate::arith::bignum::{BackendKind, LINKED_NAME};
use crate::bench::imp::{Choice, Library};
use crate::bench::rsa_peer;
use crate::cli::imp::{ImplArgs, note, unknown_impl_among};
use crate::cli::values::{self, Outcome};
use crate::error::{Param, Result, parse_hex};
use crate::record::Skipped;
use crate::rsa;
use clap::Args;

/// Arguments of `pkbench rsa-raw`.
#[derive(Debug, Clone, Args)]
#[command(after_help = RSA_RAW_EXAMPLES)]
pub struct RsaRawArgs {
    /// The modulus n, hex (big-endian); must be odd and at least 3. Any such n is accepted,
    /// however small (the bare primitive is defined for it; textbook examples use
    /// n = 3233): pkbench does not check that n is an RSA modulus, a product of two or more
    /// distinct odd primes (RFC 8017 §3.1).
    #[arg(long, value_name = "HEX")]
    pub modulus: String,
    /// The exponent (e for RSAEP, d for RSASP1), hex.
    #[arg(long, value_name = "HEX")]
    pub exponent: String,
    /// The input, hex; must be below the modulus.
    #[arg(long, value_name = "HEX")]
    pub input: String,
    /// Bignum backend: `gmp` (default when built with `--features gmp`) or `num-bigint`.
    #[arg(long, value_name = "BACKEND")]
    pub backend: Option<String>,
    /// Who computes the value ([`IMPL_HELP`]).
    #[arg(long = "impl", value_name = "LIST|all", default_value = "pkbench", help = IMPL_HELP, value_parser = crate::cli::imp::parse_list)]
    pub imp: String,
}

/// The words of `rsa-raw --impl`.
const IMPL_HELP: &str = "Who computes the value: `pkbench` (its own code on the --backend bignum library; the default), pkbench's backends by name, `num-bigint` or `gmp-linked` (the GMP linked in by --features gmp), the system's libraries loaded at run time, `openssl`, `gcrypt` or `gmp` (the calls each makes are listed below), a comma-separated list, or `all` (pkbench's backends, then the three libraries). pkbench checks the modulus and the input with its own checks (an odd modulus of at least 3, an input below it) before any library sees them, and computes its own value through --backend; every other value must equal it. With one implementation its value alone is printed; with several, a line `NAME: VALUE` each, in the order asked (pkbench's own under its backend's name), and a `note:` line for each that cannot run here. One that gives another value is an error naming it (exit 1: not bad input); nothing asked for able to run here is bad input (exit 2).";

const RSA_RAW_EXAMPLES: &str =
    "Prints input^exponent mod modulus in hex, big-endian, zero-padded to the
modulus length (RFC 8017 RSAEP / RSASP1, no padding), by every implementation.

What --impl calls (all variable time, as rsa --powm fast times them):
  num-bigint   BigUint::modpow
  gmp-linked   mpz_powm (GMP linked in through rug; --features gmp)
  openssl      BN_mod_exp_mont with its Montgomery context (libcrypto.so.3)
  gcrypt       gcry_mpi_powm (libgcrypt.so.20)
  gmp          mpz_powm of the system's libgmp.so.10

Examples:
  pkbench rsa-raw --modulus 0ca1 --exponent 11 --input 41
                                           n = 3233, e = 17, m = 65: 0ae6
  pkbench rsa-raw --modulus 0ca1 --exponent 0ac1 --input 0ae6
                                           d = 2753 undoes it: 0041
  pkbench rsa-raw --modulus 0ca1 --exponent 11 --input 41 --impl all
                                           0ae6 by pkbench's backends,
                                           OpenSSL, libgcrypt and GMP, each
                                           labelled";

use crate::cli::own::BACKENDS;

/// An implementation of `rsa-raw --impl`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Who {
    /// pkbench's own code on a bignum backend: its `--impl` name ([`BACKENDS`]) and
    /// `--backend` name.
    Backend(&'static str, &'static str),
    /// A library loaded at run time ([`rsa_peer::raw`]).
    Peer(Library),
}

impl Who {
    /// Its label in the output: the `--impl` name.
    fn label(self) -> &'static str {
        match self {
            Who::Backend(label, _) => label,
            Who::Peer(lib) => lib.name(),
        }
    }

    /// The backend that `--backend` (or the build's default) selects.
    fn own(backend: Option<&str>) -> Result<Who> {
        let kind = BackendKind::select(backend)?;
        Ok(BACKENDS
            .iter()
            .find(|(_, b)| *b == kind.name())
            .map_or(Who::Backend(LINKED_NAME, "gmp"), |&(l, b)| {
                Who::Backend(l, b)
            }))
    }
}

/// The implementations `list` names, in order, without repeats: the names of `--impl`
/// elsewhere ([`ImplArgs::choices`]: `pkbench` is the `--backend` one), and pkbench's
/// backends by name.
///
/// # Errors
/// [`crate::Error::Input`] for an unknown `--backend`, or a name that is no implementation
/// (with the closest known names) or not one of `rsa-raw`'s (a crate, `pkbench-portable`).
fn choices(list: &str, backend: Option<&str>) -> Result<Vec<Who>> {
    let own = Who::own(backend)?;
    let mut v = Vec::new();
    for name in list.split(',').map(str::trim).filter(|n| !n.is_empty()) {
        let add = if let Some(&(l, b)) = BACKENDS.iter().find(|(l, _)| l.eq_ignore_ascii_case(name))
        {
            vec![Who::Backend(l, b)]
        } else if Choice::parse(name).is_none()
            && crate::peers::crates::find(name).is_none()
            && !name.eq_ignore_ascii_case("all")
        {
            let extra = BACKENDS.map(|(l, _)| (l, "rsa-raw"));
            return Err(crate::cli::own::elsewhere(name, &[own.label()])
                .unwrap_or_else(|| unknown_impl_among(name, &extra)));
        } else {
            let mut add = Vec::new();
            for c in (ImplArgs { imp: name.into() }).choices()? {
                match c {
                    Choice::Peer(lib) => add.push(Who::Peer(lib)),
                    _ if name.eq_ignore_ascii_case("all") => {
                        add.push(own);
                        add.extend(BACKENDS.iter().map(|&(l, b)| Who::Backend(l, b)));
                    }
                    _ => add.push(own),
                }
            }
            add
        };
        for w in add {
            if !v.contains(&w) {
                v.push(w);
            }
        }
    }
    if v.is_empty() {
        v.push(own);
    }
    Ok(v)
}

/// Runs `pkbench rsa-raw`: the hex result and a newline, or with several implementations a
/// `NAME: VALUE` line each ([`values::render`]).
///
/// # Errors
/// [`crate::Error::Input`] for malformed hex, a zero, even or 1 modulus, input ≥ modulus, an
/// unknown backend or implementation (all before any library sees a value), or nothing
/// asked for able to run here; [`crate::Error::Runtime`] naming an implementation whose
/// value differs from pkbench's own or whose call failed.
pub fn run_raw(args: &RsaRawArgs) -> Result<String> {
    let n = parse_hex(Param::Modulus, &args.modulus)?;
    let e = parse_hex(Param::Exponent, &args.exponent)?;
    let m = parse_hex(Param::Input, &args.input)?;
    let who = choices(&args.imp, args.backend.as_deref())?;
    // pkbench's own checks and value first: no library sees values they refuse.
    let own = rsa::raw(&n, &e, &m, args.backend.as_deref())?;
    let discovery = crate::cli::options::discovery();
    let what = "rsa-raw";
    let outcomes = who
        .into_iter()
        .map(|w| {
            let outcome = match w {
                Who::Backend(label, backend) => match BackendKind::select(Some(backend)) {
                    Ok(_) => match rsa::raw(&n, &e, &m, Some(backend)) {
                        Ok(v) => Outcome::Value(v),
                        Err(err) => Outcome::Failed(crate::cli::errors::render(&err)),
                    },
                    Err(_) => Outcome::Note(Skipped::new(
                        format!("{label} ({what})"),
                        "not built in: pkbench links GMP when built with --features gmp",
                    )),
                },
                Who::Peer(lib) => match rsa_peer::raw(lib, discovery, &n, &e, &m) {
                    Err(why) => Outcome::Note(note(Choice::Peer(lib), what, &why)),
                    Ok(Err(err)) => Outcome::Failed(err.to_string()),
                    Ok(Ok(v)) => Outcome::Value(v),
                },
            };
            (w.label(), outcome)
        })
        .collect();
    values::render(&own, what, outcomes)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `pkbench` is the --backend one; `all` puts it first, then the other backends and the
    /// libraries; repeats are dropped; a crate or an unknown name is refused.
    #[test]
    fn choices_by_name() {
        let nb = Who::Backend("num-bigint", "num-bigint");
        let linked = Who::Backend(LINKED_NAME, "gmp");
        let libs = Library::ALL.map(Who::Peer);
        assert_eq!(choices("pkbench", Some("num-bigint")).unwrap(), [nb]);
        assert_eq!(
            choices("all", Some("num-bigint")).unwrap(),
            [vec![nb, linked], libs.to_vec()].concat()
        );
        assert_eq!(
            choices("gmp,gmp-linked,pkbench,num-bigint", Some("num-bigint")).unwrap(),
            [Who::Peer(Library::Gmp), linked, nb]
        );
        let e = choices("gmp-link", None).unwrap_err();
        assert!(e.message().contains("did you mean gmp-linked?"), "{e}");
        assert!(
            choices("aws-lc-rs", None)
                .unwrap_err()
                .message()
                .contains("pkbench runs the crate for dh on x25519")
        );
        // Every call the help names is the one the library is called through.
        for lib in Library::ALL {
            assert!(
                RSA_RAW_EXAMPLES.contains(rsa_peer::raw_call(lib)),
                "{lib:?}"
            );
        }
    }
}
