//! The build script's git fingerprint (`build/git.rs`) on scratch repositories: the commit
//! and dirty flag are right, reading them leaves the index alone (a rewritten index made the
//! next `cargo` command rerun the build script and rebuild pkbench), and every watched path
//! exists, in a worktree too (where `.git` is a file and `.git/HEAD` does not exist).

mod common;

#[path = "../build/git.rs"]
mod git;

use std::path::Path;
use std::process::Command;
use std::time::{Duration, SystemTime};

fn sh_git(dir: &Path, args: &[&str]) -> String {
    let out = Command::new("git")
        .args([
            "-c",
            "user.name=pkbench",
            "-c",
            "user.email=pkbench@example.org",
        ])
        .arg("-C")
        .arg(dir)
        .args(args)
        .output()
        .expect("git runs");
    assert!(out.status.success(), "git {args:?}: {out:?}");
    String::from_utf8(out.stdout).unwrap().trim().to_string()
}

/// A repository with one commit of `src/lib.rs` and `README.md` on branch `main`.
fn repo(dir: &Path) {
    std::fs::create_dir_all(dir.join("src")).unwrap();
    std::fs::write(dir.join("src/lib.rs"), "pub fn f() {}\n").unwrap();
    std::fs::write(dir.join("README.md"), "readme\n").unwrap();
    sh_git(dir, &["init", "-q", "-b", "main"]);
    sh_git(dir, &["add", "."]);
    sh_git(dir, &["commit", "-q", "-m", "one"]);
}

fn index_state(dir: &Path) -> (Vec<u8>, SystemTime) {
    let p = dir.join(".git/index");
    (
        std::fs::read(&p).unwrap(),
        std::fs::metadata(&p).unwrap().modified().unwrap(),
    )
}

#[test]
fn commit_and_dirty_flag_without_touching_the_index() {
    let d = common::scratch("build-git");
    repo(&d);
    let head = sh_git(&d, &["rev-parse", "--short=12", "HEAD"]);
    assert_eq!(git::describe(&d).commit, head);

    // A source file whose time changed but not its content: git would refresh the index
    // entry on disk, unless asked not to.
    let f = std::fs::File::options()
        .append(true)
        .open(d.join("src/lib.rs"))
        .unwrap();
    f.set_modified(SystemTime::now() + Duration::from_secs(60))
        .unwrap();
    drop(f);
    let before = index_state(&d);
    let info = git::describe(&d);
    assert_eq!(info.commit, head, "same content: not dirty");
    assert!(index_state(&d) == before, "describe rewrote .git/index");

    // Only files built in count: README is not, src/ is (changed or new).
    std::fs::write(d.join("README.md"), "changed\n").unwrap();
    assert_eq!(git::describe(&d).commit, head);
    std::fs::write(d.join("src/new.rs"), "\n").unwrap();
    assert_eq!(git::describe(&d).commit, format!("{head}-dirty"));
    std::fs::remove_file(d.join("src/new.rs")).unwrap();
    std::fs::write(d.join("src/lib.rs"), "pub fn g() {}\n").unwrap();
    assert_eq!(git::describe(&d).commit, format!("{head}-dirty"));
    assert!(index_state(&d) == before, "describe rewrote .git/index");

    // Watched: the sources that exist, HEAD and the branch's ref, nothing missing.
    let w = git::describe(&d).watch;
    assert!(w.iter().all(|p| p.exists()), "{w:?}");
    for want in ["src", ".git/HEAD", ".git/refs/heads/main"] {
        assert!(w.contains(&d.join(want)), "{want} not in {w:?}");
    }
    assert!(!w.iter().any(|p| p.ends_with("index")), "{w:?}");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_worktree_watches_its_own_head_and_the_shared_ref() {
    let d = common::scratch("build-git-wt");
    let main = d.join("main");
    repo(&main);
    let wt = d.join("wt");
    sh_git(
        &main,
        &["worktree", "add", "-q", "-b", "side", wt.to_str().unwrap()],
    );
    assert!(wt.join(".git").is_file());
    let info = git::describe(&wt);
    assert_eq!(
        info.commit,
        sh_git(&wt, &["rev-parse", "--short=12", "HEAD"])
    );
    assert!(info.watch.iter().all(|p| p.exists()), "{:?}", info.watch);
    assert!(
        info.watch.contains(&main.join(".git/worktrees/wt/HEAD")),
        "{:?}",
        info.watch
    );
    assert!(
        info.watch.contains(&main.join(".git/refs/heads/side")),
        "{:?}",
        info.watch
    );
    // A packed ref (after `git pack-refs`): packed-refs and the ref's directory.
    sh_git(&main, &["pack-refs", "--all"]);
    let info = git::describe(&wt);
    assert!(info.watch.iter().all(|p| p.exists()), "{:?}", info.watch);
    assert!(
        info.watch.contains(&main.join(".git/packed-refs")),
        "{:?}",
        info.watch
    );
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn outside_a_checkout_the_commit_is_unknown() {
    let d = common::scratch("build-git-none");
    std::fs::create_dir_all(d.join("src")).unwrap();
    // GIT_CEILING_DIRECTORIES is not needed: the scratch directory is under the system's
    // temporary directory, which is not inside a repository here; check that first.
    if Command::new("git")
        .arg("-C")
        .arg(&d)
        .args(["rev-parse", "--git-dir"])
        .output()
        .is_ok_and(|o| o.status.success())
    {
        let _ = std::fs::remove_dir_all(&d);
        return common::skip("the temporary directory is inside a git checkout");
    }
    let info = git::describe(&d);
    assert_eq!(info.commit, "unknown");
    assert_eq!(info.watch, vec![d.join("src")]);
    let _ = std::fs::remove_dir_all(&d);
}
