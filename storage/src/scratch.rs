//! Throw-away databases for tests and benchmarks: a SQLite file in memory
//! (see [`scratch_dir`]), or a fresh database on a PostgreSQL server, so
//! runs never see each other's rows.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

use sea_orm::{ConnectionTrait, Database};

use crate::error::{Result, refuse};

static COUNTER: AtomicU32 = AtomicU32::new(0);

/// A database that exists until [`Scratch::remove`].
#[derive(Debug)]
pub struct Scratch {
    /// The URL to open it with.
    pub url: String,
    place: Place,
}

#[derive(Debug)]
enum Place {
    File(PathBuf),
    Server { admin_url: String, name: String },
}

fn unique_name() -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    format!(
        "redscience_scratch_{}_{}_{nanos}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    )
}

/// Where scratch SQLite files go: the temporary directory when `TMPDIR`
/// names one, else the memory-backed `/dev/shm` where the system has it.
/// The storage commits with `synchronous = FULL`, which waits for the disk
/// at every commit; a scratch file is thrown away, and on a disk those
/// waits took about a third of the scenario tests' time.
pub fn scratch_dir() -> PathBuf {
    let shm = Path::new("/dev/shm");
    if std::env::var_os("TMPDIR").is_none() && shm.is_dir() {
        shm.to_path_buf()
    } else {
        std::env::temp_dir()
    }
}

/// The server's URL from `DATABASE_URL`, when that names PostgreSQL.
pub fn postgres_from_env() -> Option<String> {
    let url = std::env::var("DATABASE_URL").ok()?;
    (url.starts_with("postgres://") || url.starts_with("postgresql://")).then_some(url)
}

/// `url` with its database name replaced.
fn with_database(url: &str, name: &str) -> Result<String> {
    let Some(scheme_end) = url.find("://") else {
        return refuse(format!("\"{url}\" is not a database URL"));
    };
    let (base, query) = match url.find('?') {
        Some(q) => (&url[..q], &url[q..]),
        None => (url, ""),
    };
    let host_start = scheme_end + 3;
    let root = match base[host_start..].find('/') {
        Some(slash) => &base[..host_start + slash],
        None => base,
    };
    Ok(format!("{root}/{name}{query}"))
}

impl Scratch {
    /// A new SQLite file in [`scratch_dir`] (created when first opened).
    pub fn sqlite() -> Scratch {
        Scratch::sqlite_in(&scratch_dir())
    }

    /// A new SQLite file in `dir` (created when first opened): on a disk,
    /// for a measure of what commits cost there.
    pub fn sqlite_in(dir: &Path) -> Scratch {
        let path = dir.join(format!("{}.db", unique_name()));
        Scratch {
            url: format!("sqlite:{}", path.display()),
            place: Place::File(path),
        }
    }

    /// A new, empty database on the PostgreSQL server at `admin_url`.
    pub async fn postgres(admin_url: &str) -> Result<Scratch> {
        let name = unique_name();
        let admin = Database::connect(admin_url).await?;
        admin
            .execute_unprepared(&format!("CREATE DATABASE \"{name}\""))
            .await?;
        admin.close().await?;
        Ok(Scratch {
            url: with_database(admin_url, &name)?,
            place: Place::Server {
                admin_url: admin_url.to_string(),
                name,
            },
        })
    }

    /// "sqlite" or "postgres".
    pub fn backend(&self) -> &'static str {
        match self.place {
            Place::File(_) => "sqlite",
            Place::Server { .. } => "postgres",
        }
    }

    /// Deletes the database (close its connections first). A SQLite file is
    /// also deleted when the scratch is dropped, as when a test panics.
    pub async fn remove(self) -> Result<()> {
        if let Place::Server { admin_url, name } = &self.place {
            let admin = Database::connect(admin_url.as_str()).await?;
            admin
                .execute_unprepared(&format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)"))
                .await?;
            admin.close().await?;
        }
        Ok(())
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        if let Place::File(path) = &self.place {
            for suffix in ["", "-wal", "-shm"] {
                let mut name = path.clone().into_os_string();
                name.push(suffix);
                let _ = std::fs::remove_file(PathBuf::from(name));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_get_the_new_database_name() {
        assert_eq!(
            with_database("postgres://u@127.0.0.1:5432/postgres", "x").unwrap(),
            "postgres://u@127.0.0.1:5432/x"
        );
        assert_eq!(
            with_database("postgres://u:p@h/db?sslmode=disable", "x").unwrap(),
            "postgres://u:p@h/x?sslmode=disable"
        );
        assert_eq!(
            with_database("postgres://h:1", "x").unwrap(),
            "postgres://h:1/x"
        );
    }
}
