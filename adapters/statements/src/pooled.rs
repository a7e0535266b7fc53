//! The statement parsers on a bounded pool of threads: parsing a 10 MB file is CPU work that
//! must not run on the async runtime's threads, nor without limit.

use std::sync::Arc;

use async_trait::async_trait;
use bounded_work::{BoundedPool, Limits, PoolError};
use ports::imports::StatementReader;
use ports::statements::{ColumnMapping, ParsedStatement, StatementError, StatementParser};
use ports::WorkError;

pub struct PooledStatementReader<P> {
    parser: Arc<P>,
    pool: BoundedPool<()>,
}

impl<P: StatementParser + 'static> PooledStatementReader<P> {
    /// `concurrency` statements read at a time; four times as many may wait.
    pub fn new(parser: P, concurrency: usize) -> anyhow::Result<Self> {
        let pool = BoundedPool::start("statements", Limits::with_workers(concurrency), || ())
            .map_err(|e| anyhow::anyhow!("starting the statement threads: {e}"))?;
        Ok(Self { parser: Arc::new(parser), pool })
    }
}

#[async_trait]
impl<P: StatementParser + 'static> StatementReader for PooledStatementReader<P> {
    async fn read(
        &self,
        file_name: String,
        content: Arc<Vec<u8>>,
        mapping: Option<ColumnMapping>,
    ) -> Result<Result<ParsedStatement, StatementError>, WorkError> {
        let parser = self.parser.clone();
        let job = move |_: &mut ()| {
            let result = parser.parse(&file_name, &content, mapping.as_ref());
            bounded_work::give_back_freed_memory();
            result
        };
        match self.pool.run(job).await {
            Ok(result) => Ok(result),
            Err(PoolError::Saturated) => Err(WorkError::Busy),
            Err(PoolError::Panicked) => Err(WorkError::Failed(anyhow::anyhow!("reading a statement panicked"))),
        }
    }
}
