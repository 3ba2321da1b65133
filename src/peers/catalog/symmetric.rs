//! The hashes and ciphers of [`super::catalog`]: pkbench's registries (the crate and the
//! call each entry makes) and each peer's way, checked on known answers and against
//! pkbench's own output.

use super::{Candidate, Operation, Status, built_in, ensure, peer};
use crate::implementation::{Choice, Implementation};
use crate::peers::crates;
use crate::peers::engine;
use crate::peers::kat::{self, ConfigCheck};
use crate::peers::openssl::{self, OpenSsl, evp};
use crate::peers::{PeerResult, Unavailable, gcrypt};
use crate::symmetric::{CipherSpec, Direction, Mode, ciphers::CIPHERS};

/// The hashes: pkbench's registry, then those only libgcrypt has.
pub(super) fn hashes(
    ssl: &Result<&'static OpenSsl, Unavailable>,
    gcry: &Result<&'static gcrypt::Gcrypt, Unavailable>,
) -> Vec<Operation> {
    let mut names: Vec<(&str, String)> = crate::hash::HASHES
        .iter()
        .map(|h| (h.name, h.title.to_string()))
        .collect();
    for g in gcrypt::HASHES {
        if !names.iter().any(|(n, _)| *n == g.name) {
            names.push((g.name, g.gcrypt_name.to_string()));
        }
    }
    let data: Vec<u8> = (0..1000u32).map(|i| (i * 13 + 5) as u8).collect();
    names
        .into_iter()
        .map(|(name, title)| {
            let mut c = Vec::new();
            let entry = crate::hash::HASHES.iter().find(|h| h.name == name);
            let member = entry.map(|e| &e.members[e.default_member]);
            if let Some(e) = entry {
                let imp = match e.code {
                    crate::hash::Code::Crate(k) => Some(Implementation::of_crate(k)),
                    crate::hash::Code::Own(_) => Some(Implementation::own("")),
                    // pkbench has no code for it: the library's row alone.
                    crate::hash::Code::Library(_) => None,
                };
                // The registry calls the RustCrypto `Digest` trait (hash::registry).
                if let Some(imp) = imp {
                    c.push(built_in(
                        &imp.name.clone(),
                        "Digest::digest, Digest::update",
                        imp,
                    ));
                }
            }
            // A peer is checked against the registry's known answers and pkbench's digest
            // where pkbench has code for the hash (libgcrypt also against its one-call
            // function).
            let check_with = |got: &mut dyn FnMut(&[u8]) -> PeerResult<Vec<u8>>,
                              library: &'static str|
             -> PeerResult<()> {
                if let Some(m) = member {
                    for ka in (m.known_answers)() {
                        ensure(got(&ka.message)? == ka.digest, library, name)?;
                    }
                    if let Some(own) = &m.own {
                        ensure(got(&data)? == (own.digest)(&data), library, name)?;
                    }
                }
                Ok(())
            };
            if let Ok(ossl_name) = evp::digest_name(name) {
                c.push(peer(
                    openssl::NAME,
                    &format!("EVP_DigestInit_ex, _Update, _Final_ex: {ossl_name}"),
                    ssl.clone().map(|s| {
                        let mut d = evp::Digest::new(s, ossl_name)?;
                        check_with(&mut |m| d.digest(m), openssl::NAME)?;
                        Ok(d.implementation())
                    }),
                ));
            }
            if let Some(gh) = gcrypt::hash(name) {
                c.push(peer(
                    gcrypt::NAME,
                    &format!("gcry_md_reset, _write, _read: {}", gh.gcrypt_name),
                    gcry.clone().map(|g| {
                        let mut d = gcrypt::Digest::new(g, gh)?;
                        check_with(&mut |m| d.digest(m), gcrypt::NAME)?;
                        ensure(
                            d.digest(&data)? == g.hash_buffer(gh, &data),
                            gcrypt::NAME,
                            name,
                        )?;
                        Ok(d.implementation())
                    }),
                ));
            }
            // The crates of the one list that offer it, checked as a library is.
            for &k in crates::CRATES {
                let (Some(d), Some(bytes)) =
                    (crates::digest(k, name), member.map(|m| m.output_bytes))
                else {
                    continue;
                };
                let how = format!("{}: {}", crates::DIGEST_CALLS, d.algorithm());
                let mut one = |m: &[u8]| {
                    let mut out = vec![0u8; bytes];
                    let n = k.name();
                    ensure(d.digest(m, &mut out), n, name)?;
                    let mut again = out.clone();
                    // The Context too, in 7-byte writes: the same digest.
                    ensure(d.digest_writes(m, 7, &mut again) && again == out, n, name)?;
                    Ok(out)
                };
                let imp = Implementation {
                    variant: d.algorithm().into(),
                    ..Implementation::of_crate(k.name())
                };
                c.push(match check_with(&mut one, k.name()) {
                    Ok(()) => built_in(k.name(), &how, imp),
                    Err(e) => peer(k.name(), &how, Ok(Err(e))),
                });
            }
            Operation {
                operation: format!("hash {title}"),
                implementations: c,
            }
        })
        .collect()
}

/// The ciphers of pkbench's registry at their default key size, every mode: the crate (none
/// for a cipher pkbench has no code for: SEED), and each peer with the modes it has.
pub(super) fn ciphers(
    ssl: &Result<&'static OpenSsl, Unavailable>,
    gcry: &Result<&'static gcrypt::Gcrypt, Unavailable>,
) -> Vec<Operation> {
    CIPHERS
        .iter()
        .map(|cipher| {
            let spec = CipherSpec::new(cipher, None).expect("the default size is listed");
            // The calls of symmetric::modes: the cipher crate's blocks through the RustCrypto
            // mode crates (cbc, cfb-mode, ofb, ctr), or the stream.
            let mut c: Vec<Candidate> = cipher
                .crate_name()
                .map(|name| {
                    built_in(
                        name,
                        if cipher.is_stream() {
                            "StreamCipher::apply_keystream_b2b"
                        } else {
                            "encrypt_blocks_inout, every mode (cbc, cfb-mode, ofb, ctr crates)"
                        },
                        Implementation::of_crate(name),
                    )
                })
                .into_iter()
                .collect();
            let ossl = |s: &'static OpenSsl| {
                let make = move |spec: &CipherSpec, mode: Mode, dir: Direction, key: &[u8]| {
                    evp::Cipher::new(s, spec.cipher.name, spec.key_bits, key, mode, dir)
                };
                let apply =
                    |c: &mut evp::Cipher, iv: &[u8], i: &[u8], o: &mut [u8]| c.apply(iv, i, o);
                modes(&spec, openssl::NAME, &make, &apply, |c| c.implementation())
            };
            c.push(modes_candidate(
                openssl::NAME,
                "EVP_CipherUpdate",
                ssl.clone().map(ossl),
            ));
            let gc = |g: &'static gcrypt::Gcrypt| {
                let make = move |spec: &CipherSpec, mode: Mode, dir: Direction, key: &[u8]| {
                    gcrypt::Cipher::new(g, spec.cipher.name, key, mode, dir)
                };
                let apply =
                    |c: &mut gcrypt::Cipher, iv: &[u8], i: &[u8], o: &mut [u8]| c.apply(iv, i, o);
                modes(&spec, gcrypt::NAME, &make, &apply, |c| c.implementation())
            };
            c.push(modes_candidate(
                gcrypt::NAME,
                "gcry_cipher_encrypt/decrypt",
                gcry.clone().map(gc),
            ));
            c.extend(crate_ciphers(&spec));
            let no_code = if cipher.crate_name().is_none() {
                " (no pkbench code)"
            } else {
                ""
            };
            Operation {
                operation: format!("cipher {}{no_code}", spec.display_name()),
                implementations: c,
            }
        })
        .collect()
}

/// The rows of `spec`'s cipher through the crates of [`crates::CRATES`], when one offers it:
/// each mode checked as a library's is ([`engine::cipher_engine`], both directions), and a
/// crate without the cipher with why ([`crates::Crate::no_cipher`]).
fn crate_ciphers(spec: &CipherSpec) -> Vec<Candidate> {
    let name = spec.cipher.name;
    if !crates::CRATES
        .iter()
        .any(|&k| crates::cipher(k, name).is_some())
    {
        return Vec::new();
    }
    let key = vec![0x3cu8; spec.key_bytes()];
    crates::CRATES
        .iter()
        .map(|&k| {
            let Some(cc) = crates::cipher(k, name) else {
                return Candidate {
                    name: k.name().into(),
                    how: String::new(),
                    implementation: None,
                    status: Status::Unavailable {
                        why: k.no_cipher().unwrap_or("no such cipher in it").into(),
                        absent: false,
                    },
                };
            };
            let mut m = Modes {
                checked: Vec::new(),
                lacking: Vec::new(),
                failed: None,
                implementation: None,
            };
            for &mode in spec.cipher.modes() {
                let who = Choice::Crate(k.name());
                match engine::cipher_engine(
                    spec,
                    mode,
                    Direction::Encrypt,
                    &key,
                    who,
                    no_libraries(),
                ) {
                    Ok(Ok(p)) => {
                        m.checked.push(mode);
                        // The variant names the key size, then the mode's call: keep the first.
                        let mut imp = p.implementation();
                        imp.variant = imp.variant.split(", ").next().unwrap_or("").to_string();
                        m.implementation = Some(imp);
                    }
                    Ok(Err(e)) => {
                        m.failed.get_or_insert(e.to_string());
                    }
                    Err(u) => m.lacking.push((mode, u)),
                }
            }
            let mut cand = modes_candidate(k.name(), cc.calls, Ok(m));
            // Linked in, so built in once checked.
            if cand.status == Status::Checked {
                cand.status = Status::BuiltIn;
            }
            cand
        })
        .collect()
}

/// Discovery for a crate's rows: they load no library.
fn no_libraries() -> crate::peers::Discovery {
    crate::peers::Discovery { enabled: false }
}

/// What a peer did with each mode of one cipher: the modes checked (with the
/// implementation of the last), those it lacks (with why), and the first failure.
struct Modes {
    checked: Vec<Mode>,
    lacking: Vec<(Mode, Unavailable)>,
    failed: Option<String>,
    implementation: Option<Implementation>,
}

fn modes<C>(
    spec: &CipherSpec,
    library: &'static str,
    make: &kat::MakeCipher<'_, C>,
    apply: &kat::ApplyCipher<'_, C>,
    implementation: impl Fn(&C) -> Implementation,
) -> Modes {
    let mut m = Modes {
        checked: Vec::new(),
        lacking: Vec::new(),
        failed: None,
        implementation: None,
    };
    let key = vec![0x3cu8; spec.key_bytes()];
    for &mode in spec.cipher.modes() {
        match kat::check_cipher_config(spec, mode, make, apply) {
            Ok(ConfigCheck::Checked) => {
                m.checked.push(mode);
                if let Ok(c) = make(spec, mode, Direction::Encrypt, &key) {
                    // The implementation names the mode: keep the algorithm part.
                    let mut imp = implementation(&c);
                    imp.variant = imp
                        .variant
                        .replace(&format!("-{}", mode.label()), "")
                        .replace(&format!(", {}", mode.label()), "");
                    m.implementation = Some(imp);
                }
            }
            Ok(ConfigCheck::Unavailable(u)) => m.lacking.push((mode, u)),
            Err(e) => {
                m.failed.get_or_insert(format!("{library}: {e}"));
            }
        }
    }
    m
}

/// A peer's row of one cipher: `call` and the modes checked (and those it lacks).
fn modes_candidate(name: &str, call: &str, r: Result<Modes, Unavailable>) -> Candidate {
    let m = match r {
        Err(u) => return peer(name, "", Err(u)),
        Ok(m) => m,
    };
    let list = |ms: &[Mode]| ms.iter().map(|m| m.label()).collect::<Vec<_>>().join(" ");
    let how = format!("{call}: {}", list(&m.checked));
    let status = if let Some(why) = m.failed {
        Status::Failed { why }
    } else if m.checked.is_empty() {
        let why = m
            .lacking
            .first()
            .map(|(_, u)| u.to_string())
            .unwrap_or_else(|| "no mode".into());
        Status::Unavailable { why, absent: false }
    } else {
        Status::Checked
    };
    let lacking: Vec<Mode> = m.lacking.iter().map(|(mode, _)| *mode).collect();
    let how = if m.checked.is_empty() {
        call.to_string()
    } else if lacking.is_empty() {
        how
    } else {
        format!("{how} (no {})", list(&lacking))
    };
    Candidate {
        name: name.into(),
        how,
        implementation: m.implementation.filter(|_| status.ready()),
        status,
    }
}
