//! Files written whole or not at all.
//!
//! A report run writes into a staging folder beside its destination and only then renames
//! the staged folders into place, so a run killed half-way leaves the previous files intact.

use super::OutputError;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Writes `bytes` to `path` via a temporary file in the same folder and a rename.
///
/// ```
/// let dir = std::env::temp_dir().join(format!("hanoilab-doc-atomic-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// let file = dir.join("x.txt");
/// hanoilab::output::write_file_atomic(&file, b"hello").unwrap();
/// assert_eq!(std::fs::read(&file).unwrap(), b"hello");
/// std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub fn write_file_atomic(path: &Path, bytes: &[u8]) -> Result<(), OutputError> {
    let dir = path.parent().unwrap_or(Path::new("."));
    fs::create_dir_all(dir).map_err(|e| OutputError::io(dir, e))?;
    let name = path
        .file_name()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "out".into());
    let tmp = dir.join(format!(".{name}.tmp-{}", std::process::id()));
    let result = (|| {
        let mut f = fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        fs::rename(&tmp, path)
    })();
    if let Err(e) = result {
        let _ = fs::remove_file(&tmp);
        return Err(OutputError::io(path, e));
    }
    Ok(())
}

/// Name of the commit journal under the root: present exactly while a commit is under way.
pub const JOURNAL: &str = ".hanoilab-commit";
const STAGING_PREFIX: &str = ".hanoilab-staging-";
const ASIDE_PREFIX: &str = ".hanoilab-old-";

/// A staging folder for a set of destination folders that are replaced together.
///
/// Files are written under [`StagedDir::path`]`/<relative destination>`; [`StagedDir::commit`]
/// then swaps every staged folder into its destination. Dropping an uncommitted `StagedDir`
/// removes the staging folder.
///
/// The commit is recoverable: it first writes a journal (`ROOT/.hanoilab-commit`, naming the
/// staging folder and the destinations), then for each destination renames the old folder
/// aside and the staged one in, then removes the journal, then the old folders and the
/// staging folder. A run killed at any point is finished by [`recover`] at the next start
/// ([`StagedDir::new`] calls it): with a journal it rolls the commit forward (every
/// destination ends up new); without one the old folders are intact and leftover staging
/// and aside folders of dead runs are removed.
#[derive(Debug)]
pub struct StagedDir {
    root: PathBuf,
    staging: PathBuf,
    destinations: Vec<String>,
    committed: bool,
}

/// What [`recover`] did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Recovered {
    /// Destinations an interrupted commit was finished for.
    pub finished: Vec<String>,
    /// Leftover folders removed (staging and aside folders of dead runs).
    pub removed: Vec<String>,
}

impl Recovered {
    /// Whether anything was found.
    pub fn is_empty(&self) -> bool {
        self.finished.is_empty() && self.removed.is_empty()
    }
}

fn aside_name(dest: &str, pid: u32) -> String {
    format!("{ASIDE_PREFIX}{}-{pid}", dest.replace('/', "_"))
}

/// Whether process `pid` is running (Linux `/proc`; elsewhere assumed running unless it is us).
fn alive(pid: u32) -> bool {
    if pid == std::process::id() {
        return true;
    }
    if Path::new("/proc/self").exists() {
        Path::new(&format!("/proc/{pid}")).exists()
    } else {
        true
    }
}

/// Whether `name` is `PREFIX` followed by a pid and nothing else.
fn is_prefixed_pid(name: &str, prefix: &str) -> Option<u32> {
    let digits = name.strip_prefix(prefix)?;
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

/// A journal or leftover that names something this commit does not write: refused, never
/// acted on, so a crafted journal cannot make a run rename or delete anything outside the
/// destinations it was asked to replace.
fn refuse(path: &Path, what: String) -> OutputError {
    OutputError::Refused {
        path: path.display().to_string(),
        message: format!("{what}; inspect it and remove it by hand"),
    }
}

/// Finishes or cleans up after a commit interrupted under `root` (see [`StagedDir`]).
///
/// `destinations` are the folders (relative to `root`) that commits under this root replace.
/// A journal naming anything else (an absolute path, `..`, another folder), or a staging
/// folder that is not one of ours, is refused with [`OutputError::Refused`] before anything
/// is renamed or removed; leftover folders are removed only when their names are exactly
/// those a commit of these destinations makes (`.hanoilab-staging-PID`,
/// `.hanoilab-old-DEST-PID`) and they are real folders, not links.
pub fn recover(root: &Path, destinations: &[&str]) -> Result<Recovered, OutputError> {
    let mut done = Recovered::default();
    let journal = root.join(JOURNAL);
    if fs::symlink_metadata(&journal).is_ok() {
        let text = fs::read_to_string(&journal).map_err(|e| OutputError::io(&journal, e))?;
        let mut staging = None;
        let mut pid = None;
        let mut dests: Vec<&str> = Vec::new();
        for line in text.lines() {
            match line.split_once(' ') {
                Some(("staging", v)) => staging = Some(v),
                Some(("pid", v)) => pid = v.parse::<u32>().ok(),
                Some(("dest", v)) => dests.push(v),
                _ => {
                    return Err(refuse(
                        &journal,
                        format!("unreadable commit journal line `{line}`"),
                    ))
                }
            }
        }
        let (Some(staging), Some(pid)) = (staging, pid) else {
            return Err(refuse(&journal, "unreadable commit journal".into()));
        };
        if is_prefixed_pid(staging, STAGING_PREFIX) != Some(pid) {
            return Err(refuse(
                &journal,
                format!("the commit journal names a staging folder `{staging}` that is not this program's"),
            ));
        }
        if let Some(bad) = dests.iter().find(|d| !destinations.contains(d)) {
            return Err(refuse(
                &journal,
                format!(
                    "the commit journal names `{bad}`, which is not one of the folders a commit here replaces ({})",
                    destinations.join(", ")
                ),
            ));
        }
        if pid != std::process::id() && alive(pid) {
            return Err(OutputError::io(
                &journal,
                std::io::Error::other(format!("a commit by running process {pid} is under way")),
            ));
        }
        let staging = root.join(staging);
        for &dest in &dests {
            let staged = staging.join(dest);
            let target = root.join(dest);
            let aside = root.join(aside_name(dest, pid));
            if staged.exists() {
                // Not yet moved in: move the old one aside (unless done) and the new one in.
                if target.exists() && !aside.exists() {
                    fs::rename(&target, &aside).map_err(|e| OutputError::io(&target, e))?;
                } else if target.exists() {
                    fs::remove_dir_all(&target).map_err(|e| OutputError::io(&target, e))?;
                }
                if let Some(parent) = target.parent() {
                    fs::create_dir_all(parent).map_err(|e| OutputError::io(parent, e))?;
                }
                fs::rename(&staged, &target).map_err(|e| OutputError::io(&target, e))?;
                done.finished.push(dest.to_string());
            } else if !target.exists() && aside.exists() {
                // Never staged yet moved aside: put the old one back.
                fs::rename(&aside, &target).map_err(|e| OutputError::io(&target, e))?;
            }
        }
        fs::remove_file(&journal).map_err(|e| OutputError::io(&journal, e))?;
    }
    // Leftovers of dead runs: staging folders (never committed, or committed and not yet
    // removed), old folders set aside (their commit finished: the journal is gone), and a
    // journal's temporary file (killed at its rename).
    let journal_tmp = format!(".{JOURNAL}.tmp-");
    let entries = fs::read_dir(root).map_err(|e| OutputError::io(root, e))?;
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let (pid, is_dir) = if let Some(pid) = is_prefixed_pid(&name, STAGING_PREFIX) {
            (pid, true)
        } else if let Some(pid) = destinations.iter().find_map(|d| {
            is_prefixed_pid(&name, &format!("{ASIDE_PREFIX}{}-", d.replace('/', "_")))
        }) {
            (pid, true)
        } else if let Some(pid) = is_prefixed_pid(&name, &journal_tmp) {
            (pid, false)
        } else {
            continue;
        };
        if alive(pid) && pid != std::process::id() {
            continue;
        }
        let path = entry.path();
        let Ok(meta) = fs::symlink_metadata(&path) else {
            continue;
        };
        if is_dir && meta.file_type().is_dir() {
            fs::remove_dir_all(&path).map_err(|e| OutputError::io(&path, e))?;
        } else if !is_dir && meta.file_type().is_file() {
            fs::remove_file(&path).map_err(|e| OutputError::io(&path, e))?;
        } else {
            continue;
        }
        done.removed.push(name);
    }
    Ok(done)
}

impl StagedDir {
    /// Creates an empty staging folder under `root` (the folder the destinations are relative
    /// to) for a commit that replaces `destinations` (relative folder names without `..`),
    /// after [`recover`]ing from any interrupted earlier run of the same destinations.
    pub fn new(root: &Path, destinations: &[&str]) -> Result<StagedDir, OutputError> {
        for d in destinations {
            let safe = !d.is_empty()
                && !d.starts_with('/')
                && d.split('/').all(|p| !p.is_empty() && p != "." && p != "..");
            if !safe {
                return Err(refuse(
                    root,
                    format!("`{d}` is not a folder name under the root"),
                ));
            }
        }
        fs::create_dir_all(root).map_err(|e| OutputError::io(root, e))?;
        recover(root, destinations)?;
        let staging = root.join(format!("{STAGING_PREFIX}{}", std::process::id()));
        if staging.exists() {
            fs::remove_dir_all(&staging).map_err(|e| OutputError::io(&staging, e))?;
        }
        fs::create_dir_all(&staging).map_err(|e| OutputError::io(&staging, e))?;
        Ok(StagedDir {
            root: root.to_path_buf(),
            staging,
            destinations: destinations.iter().map(|d| d.to_string()).collect(),
            committed: false,
        })
    }

    /// The staging folder; write files to `path().join(relative)`.
    pub fn path(&self) -> &Path {
        &self.staging
    }

    /// Writes one staged file (creating folders as needed).
    pub fn write(&self, relative: &str, bytes: &[u8]) -> Result<(), OutputError> {
        let path = self.staging.join(relative);
        if let Some(dir) = path.parent() {
            fs::create_dir_all(dir).map_err(|e| OutputError::io(dir, e))?;
        }
        fs::write(&path, bytes).map_err(|e| OutputError::io(&path, e))
    }

    /// Replaces each destination folder given to [`StagedDir::new`] by its staged version
    /// (a destination with nothing staged is left as it is).
    pub fn commit(mut self) -> Result<(), OutputError> {
        self.commit_steps(usize::MAX)
    }

    /// The commit, stopping (as if killed: nothing cleaned up) before step `stop`; every
    /// rename and removal is one step. For fault-injection tests.
    #[doc(hidden)]
    pub fn commit_steps(&mut self, stop: usize) -> Result<(), OutputError> {
        let mut step = 0usize;
        let mut go = || {
            step += 1;
            step <= stop
        };
        let pid = std::process::id();
        let dests: Vec<&str> = self
            .destinations
            .iter()
            .map(String::as_str)
            .filter(|d| self.staging.join(d).exists())
            .collect();
        let mut journal = format!(
            "staging {}\npid {pid}\n",
            self.staging
                .file_name()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default()
        );
        for d in &dests {
            journal.push_str(&format!("dest {d}\n"));
        }
        if !go() {
            return Ok(());
        }
        write_file_atomic(&self.root.join(JOURNAL), journal.as_bytes())?;
        let mut asides = Vec::new();
        for dest in &dests {
            let staged = self.staging.join(dest);
            let target = self.root.join(dest);
            if let Some(parent) = target.parent() {
                fs::create_dir_all(parent).map_err(|e| OutputError::io(parent, e))?;
            }
            let aside = self.root.join(aside_name(dest, pid));
            if target.exists() {
                if !go() {
                    return Ok(());
                }
                fs::rename(&target, &aside).map_err(|e| OutputError::io(&target, e))?;
                asides.push(aside);
            }
            if !go() {
                return Ok(());
            }
            fs::rename(&staged, &target).map_err(|e| OutputError::io(&target, e))?;
        }
        if !go() {
            return Ok(());
        }
        let journal = self.root.join(JOURNAL);
        fs::remove_file(&journal).map_err(|e| OutputError::io(&journal, e))?;
        self.committed = true;
        for aside in &asides {
            if !go() {
                return Ok(());
            }
            fs::remove_dir_all(aside).map_err(|e| OutputError::io(aside, e))?;
        }
        if !go() {
            return Ok(());
        }
        fs::remove_dir_all(&self.staging).map_err(|e| OutputError::io(&self.staging, e))
    }
}

impl Drop for StagedDir {
    fn drop(&mut self) {
        if !self.committed {
            let _ = fs::remove_dir_all(&self.staging);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("hanoilab-atomic-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&d);
        fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn uncommitted_staging_leaves_previous_files_intact() {
        let root = temp("keep");
        fs::create_dir_all(root.join("reports")).unwrap();
        fs::write(root.join("reports/a.md"), "old").unwrap();
        {
            let staged = StagedDir::new(&root, &["reports"]).unwrap();
            staged.write("reports/a.md", b"new").unwrap();
            // dropped without commit: a killed run
        }
        assert_eq!(
            fs::read_to_string(root.join("reports/a.md")).unwrap(),
            "old"
        );
        let leftovers: Vec<_> = fs::read_dir(&root).unwrap().collect();
        assert_eq!(leftovers.len(), 1, "staging folder removed");
        fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn commit_replaces_whole_folders() {
        let root = temp("swap");
        fs::create_dir_all(root.join("data/tables")).unwrap();
        fs::write(root.join("data/tables/stale.csv"), "x").unwrap();
        let staged = StagedDir::new(&root, &["data/tables"]).unwrap();
        staged.write("data/tables/new.csv", b"n\n1\n").unwrap();
        staged.commit().unwrap();
        assert!(!root.join("data/tables/stale.csv").exists());
        assert_eq!(
            fs::read_to_string(root.join("data/tables/new.csv")).unwrap(),
            "n\n1\n"
        );
        fs::remove_dir_all(&root).unwrap();
    }

    /// A tree of DIR: relative path -> contents, for every file.
    fn snapshot(root: &Path) -> Vec<(String, String)> {
        fn walk(root: &Path, dir: &Path, out: &mut Vec<(String, String)>) {
            for e in fs::read_dir(dir).unwrap().flatten() {
                let p = e.path();
                if p.is_dir() {
                    walk(root, &p, out);
                } else {
                    let rel = p.strip_prefix(root).unwrap().to_string_lossy().into_owned();
                    out.push((rel, fs::read_to_string(&p).unwrap_or_default()));
                }
            }
        }
        let mut out = Vec::new();
        walk(root, root, &mut out);
        out.sort();
        out
    }

    fn files(list: &[(&str, &str)]) -> Vec<(String, String)> {
        let mut v: Vec<(String, String)> = list
            .iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect();
        v.sort();
        v
    }

    /// Kills the commit before each of its steps in turn (no cleanup, as a killed process),
    /// then recovers: DIR holds either every old folder or every new one, nothing else.
    #[test]
    fn a_commit_killed_at_any_step_is_recovered() {
        let old = files(&[("data/tables/a.csv", "old a"), ("reports/r.md", "old r")]);
        let new = files(&[("data/tables/b.csv", "new b"), ("reports/r.md", "new r")]);
        let mut outcomes = Vec::new();
        for stop in 0..12 {
            let root = temp(&format!("kill{stop}"));
            for (rel, text) in &old {
                fs::create_dir_all(root.join(rel).parent().unwrap()).unwrap();
                fs::write(root.join(rel), text).unwrap();
            }
            let mut staged = StagedDir::new(&root, &["data/tables", "reports"]).unwrap();
            for (rel, text) in &new {
                staged.write(rel, text.as_bytes()).unwrap();
            }
            staged.commit_steps(stop).unwrap();
            std::mem::forget(staged); // killed: no Drop
                                      // Pretend the killed run was another (dead) process: rename its leftovers.
            let dead = 999_999_999u32;
            let me = std::process::id().to_string();
            for e in fs::read_dir(&root).unwrap().flatten() {
                let name = e.file_name().to_string_lossy().into_owned();
                if name.ends_with(&format!("-{me}")) {
                    let renamed = name.replace(&format!("-{me}"), &format!("-{dead}"));
                    fs::rename(e.path(), root.join(renamed)).unwrap();
                }
            }
            if root.join(JOURNAL).exists() {
                let j = fs::read_to_string(root.join(JOURNAL)).unwrap();
                fs::write(root.join(JOURNAL), j.replace(&me, &dead.to_string())).unwrap();
            }
            let r = recover(&root, &["data/tables", "reports"]).unwrap();
            let snap = snapshot(&root);
            assert!(
                snap == old || snap == new,
                "stop {stop}: {snap:?} (recovered {r:?})"
            );
            outcomes.push(snap == new);
            fs::remove_dir_all(&root).unwrap();
        }
        // Killed before the journal: old; from the journal on: new.
        assert!(!outcomes[0]);
        assert!(outcomes[1..].iter().all(|&x| x), "{outcomes:?}");
    }

    #[test]
    fn leftover_staging_of_a_dead_run_is_removed_at_the_next_start() {
        let root = temp("stale");
        fs::create_dir_all(root.join(".hanoilab-staging-999999999/reports")).unwrap();
        fs::write(root.join(".hanoilab-staging-999999999/reports/x.md"), "x").unwrap();
        let staged = StagedDir::new(&root, &["reports"]).unwrap();
        drop(staged);
        assert!(!root.join(".hanoilab-staging-999999999").exists());
        fs::remove_dir_all(&root).unwrap();
    }

    /// A crafted journal (from a hostile checkout: a dead pid, a staged folder, and a
    /// destination outside the root or not one of ours) is refused; nothing is renamed.
    #[test]
    fn a_journal_naming_anything_but_our_destinations_is_refused() {
        for dest in [
            "../victim",
            "/tmp/victim",
            "victim",
            "reports/../../victim",
            ".",
        ] {
            let base = temp("hostile");
            let root = base.join("out");
            fs::create_dir_all(root.join(".hanoilab-staging-999999999/x")).unwrap();
            fs::create_dir_all(base.join("victim")).unwrap();
            fs::write(base.join("victim/thesis.tex"), "mine").unwrap();
            fs::write(
                root.join(JOURNAL),
                format!("staging .hanoilab-staging-999999999\npid 999999999\ndest {dest}\n"),
            )
            .unwrap();
            let err = StagedDir::new(&root, &["data/tables", "reports"]).unwrap_err();
            assert!(matches!(err, OutputError::Refused { .. }), "{dest}: {err}");
            assert_eq!(
                fs::read_to_string(base.join("victim/thesis.tex")).unwrap(),
                "mine",
                "{dest}"
            );
            assert!(
                root.join(JOURNAL).exists(),
                "{dest}: journal kept for inspection"
            );
            fs::remove_dir_all(&base).unwrap();
        }
        // A staging folder outside the root, or not of the journal's pid, likewise.
        for staging in ["../elsewhere", ".hanoilab-staging-1", "x"] {
            let root = temp("hostile-staging");
            fs::write(
                root.join(JOURNAL),
                format!("staging {staging}\npid 999999999\ndest reports\n"),
            )
            .unwrap();
            let err = recover(&root, &["reports"]).unwrap_err();
            assert!(
                matches!(err, OutputError::Refused { .. }),
                "{staging}: {err}"
            );
            fs::remove_dir_all(&root).unwrap();
        }
    }

    /// Only the names a commit of these destinations makes are leftovers: a user's folder
    /// that merely starts like one, a link, and another root's aside folder stay.
    #[test]
    fn only_our_own_leftovers_are_removed() {
        let root = temp("leftovers");
        for keep in [
            ".hanoilab-staging-999999999-mine",
            ".hanoilab-old-thesis-999999999",
            ".hanoilab-staging-",
        ] {
            fs::create_dir_all(root.join(keep)).unwrap();
        }
        let outside = temp("leftovers-target");
        fs::write(outside.join("keep.txt"), "x").unwrap();
        #[cfg(unix)]
        std::os::unix::fs::symlink(&outside, root.join(".hanoilab-staging-999999998")).unwrap();
        fs::create_dir_all(root.join(".hanoilab-old-reports-999999999")).unwrap();
        fs::write(root.join("..hanoilab-commit.tmp-999999999"), "staging x").unwrap();
        let r = recover(&root, &["reports"]).unwrap();
        let mut removed = r.removed.clone();
        removed.sort();
        assert_eq!(
            removed,
            [
                "..hanoilab-commit.tmp-999999999",
                ".hanoilab-old-reports-999999999"
            ]
        );
        assert!(root.join(".hanoilab-staging-999999999-mine").exists());
        assert!(root.join(".hanoilab-old-thesis-999999999").exists());
        assert!(outside.join("keep.txt").exists());
        fs::remove_dir_all(&root).unwrap();
        fs::remove_dir_all(&outside).unwrap();
    }
}
