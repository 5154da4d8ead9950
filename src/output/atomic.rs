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

/// A staging folder for a set of destination folders that are replaced together.
///
/// Files are written under [`StagedDir::path`]`/<relative destination>`; [`StagedDir::commit`]
/// then swaps every staged folder into its destination (old folder renamed aside, new one
/// renamed in, old one removed). Dropping an uncommitted `StagedDir` removes the staging folder.
#[derive(Debug)]
pub struct StagedDir {
    root: PathBuf,
    staging: PathBuf,
    committed: bool,
}

impl StagedDir {
    /// Creates an empty staging folder under `root` (the folder the destinations are relative to).
    pub fn new(root: &Path) -> Result<StagedDir, OutputError> {
        fs::create_dir_all(root).map_err(|e| OutputError::io(root, e))?;
        let staging = root.join(format!(".hanoilab-staging-{}", std::process::id()));
        if staging.exists() {
            fs::remove_dir_all(&staging).map_err(|e| OutputError::io(&staging, e))?;
        }
        fs::create_dir_all(&staging).map_err(|e| OutputError::io(&staging, e))?;
        Ok(StagedDir {
            root: root.to_path_buf(),
            staging,
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

    /// Replaces each destination folder (relative to the root) by its staged version.
    pub fn commit(mut self, destinations: &[&str]) -> Result<(), OutputError> {
        for dest in destinations {
            let staged = self.staging.join(dest);
            if !staged.exists() {
                continue;
            }
            let target = self.root.join(dest);
            if let Some(parent) = target.parent() {
                fs::create_dir_all(parent).map_err(|e| OutputError::io(parent, e))?;
            }
            let aside = self.root.join(format!(
                ".hanoilab-old-{}-{}",
                dest.replace('/', "_"),
                std::process::id()
            ));
            if target.exists() {
                fs::rename(&target, &aside).map_err(|e| OutputError::io(&target, e))?;
            }
            fs::rename(&staged, &target).map_err(|e| OutputError::io(&target, e))?;
            if aside.exists() {
                fs::remove_dir_all(&aside).map_err(|e| OutputError::io(&aside, e))?;
            }
        }
        self.committed = true;
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
            let staged = StagedDir::new(&root).unwrap();
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
        let staged = StagedDir::new(&root).unwrap();
        staged.write("data/tables/new.csv", b"n\n1\n").unwrap();
        staged.commit(&["data/tables"]).unwrap();
        assert!(!root.join("data/tables/stale.csv").exists());
        assert_eq!(
            fs::read_to_string(root.join("data/tables/new.csv")).unwrap(),
            "n\n1\n"
        );
        fs::remove_dir_all(&root).unwrap();
    }
}
