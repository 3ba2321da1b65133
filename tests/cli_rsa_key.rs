//! `pkbench rsa --key FILE` on every kind of file that is not a usable key: one
//! `pkbench: error: --key FILE: ...` line saying what the file is and what pkbench reads,
//! nothing on stdout, exit code 2. And the PEM files it does read, with text around them.
//!
//! The encrypted and DER files in tests/data are the test key `rsa512-pkcs8.pem` written by
//! OpenSSL 3.0: `openssl pkey -aes128` (PKCS#8 `ENCRYPTED PRIVATE KEY`), `openssl rsa -aes128
//! -traditional` (PKCS#1 with `Proc-Type: 4,ENCRYPTED`), `openssl pkey -outform DER`.

mod common;

use common::{data, pkbench_input_error, pkbench_json};
use std::path::Path;

/// A fresh directory for this test, removed when dropped.
fn tempdir(tag: &str) -> common::Scratch {
    common::scratch(&format!("rsa-key-{tag}"))
}

/// `rsa --key PATH` fails with exit 2, one line naming the file, containing every `needle`.
fn refused(path: &Path, needles: &[&str]) {
    let p = path.to_str().unwrap();
    let err = pkbench_input_error(&["rsa", "--key", p, "--time", "0.01"]);
    assert!(
        err.starts_with(&format!("pkbench: error: --key {p}: ")),
        "{err}"
    );
    for n in needles {
        assert!(err.contains(n), "{err} lacks {n:?}");
    }
}

/// What every "not a key" message says pkbench reads.
const READS: &str = "PKCS#1 'BEGIN RSA PRIVATE KEY' or PKCS#8 'BEGIN PRIVATE KEY'";

#[test]
fn files_that_are_not_keys() {
    let dir = tempdir("bad");
    let write = |name: &str, text: &str| {
        let p = dir.join(name);
        std::fs::write(&p, text).unwrap();
        p
    };
    // The review's case: a text file (said "NUL byte" before).
    refused(
        &write("notes.txt", "hello\nthis is not a key\n"),
        &["not a PEM RSA private key (no '-----BEGIN' line)", READS],
    );
    refused(&write("empty.pem", ""), &["the file is empty", READS]);
    refused(
        &common::vector_path("rsa512-key.json"),
        &["no '-----BEGIN' line"],
    );
    refused(&dir.join("missing.pem"), &["cannot read the key file"]);
    refused(&dir, &["not a regular file (a directory)"]);
    refused(
        &data("rsa512-pkcs8.der"),
        &["a binary file", "openssl pkey -inform DER", READS],
    );
    refused(
        &data("rsa512-pkcs8-encrypted.pem"),
        &[
            "the key is encrypted",
            "openssl pkey -in KEY -out PLAIN.pem",
        ],
    );
    refused(
        &data("rsa512-pkcs1-encrypted.pem"),
        &["the key is encrypted"],
    );
    refused(&data("rsa512-public.pem"), &["this is a public key"]);
    refused(
        &write(
            "cert.pem",
            "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n",
        ),
        &["PEM label 'CERTIFICATE' is not an RSA private key", READS],
    );
    refused(
        &write(
            "id_rsa",
            "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----\n",
        ),
        &["OpenSSH private key", "ssh-keygen -p -m PEM"],
    );
    // Right label, broken base64 / DER.
    refused(
        &write(
            "broken.pem",
            "-----BEGIN RSA PRIVATE KEY-----\n!!!!\n-----END RSA PRIVATE KEY-----\n",
        ),
        &["malformed PEM block '-----BEGIN RSA PRIVATE KEY-----'"],
    );
    refused(
        &write(
            "short.pem",
            "-----BEGIN RSA PRIVATE KEY-----\nMAMCAQA=\n-----END RSA PRIVATE KEY-----\n",
        ),
        &["malformed PKCS#1 RSA private key"],
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn keys_with_text_or_other_blocks_around_them_load() {
    let dir = tempdir("good");
    let key = std::fs::read_to_string(data("rsa512-pkcs1.pem")).unwrap();
    let public = std::fs::read_to_string(data("rsa512-public.pem")).unwrap();
    for (name, text) in [
        // `openssl rsa -text` puts a description before the PEM block.
        (
            "with-text.pem",
            format!("Private-Key: (512 bit, 2 primes)\n{key}"),
        ),
        // A public key first, then the private key (and text after it).
        ("two-blocks.pem", format!("{public}{key}trailing words\n")),
    ] {
        let p = dir.join(name);
        std::fs::write(&p, text).unwrap();
        let j = pkbench_json(&[
            "rsa",
            "--key",
            p.to_str().unwrap(),
            "--time",
            "0.01",
            "--json",
        ]);
        assert_eq!(j["params"]["bits"], 512, "{name}: {j}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
