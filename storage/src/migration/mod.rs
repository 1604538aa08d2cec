//! Schema migrations, applied in order at start and by `redscience migrate`.
//! Each migration is written out column by column (not derived from the
//! entities), so old migrations never change when the entities do.

use sea_orm_migration::prelude::*;

mod m20261123_000001_initial;
mod m20261123_000002_challenges;
mod m20261124_000003_personas;
mod m20261125_000004_early_plans;
mod m20261125_000005_handled_events;
mod m20261125_000006_clocks;
mod m20261206_000007_leaving;
mod m20261206_000008_challenge_expiry;

pub struct Migrator;

#[async_trait::async_trait]
impl MigratorTrait for Migrator {
    fn migrations() -> Vec<Box<dyn MigrationTrait>> {
        vec![
            Box::new(m20261123_000001_initial::Migration),
            Box::new(m20261123_000002_challenges::Migration),
            Box::new(m20261124_000003_personas::Migration),
            Box::new(m20261125_000004_early_plans::Migration),
            Box::new(m20261125_000005_handled_events::Migration),
            Box::new(m20261125_000006_clocks::Migration),
            Box::new(m20261206_000007_leaving::Migration),
            Box::new(m20261206_000008_challenge_expiry::Migration),
        ]
    }
}
