use async_trait::async_trait;

/// Answers whether the product's storage can be reached.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait HealthProbe: Send + Sync {
    /// `Ok(())` when a trivial query round-trips to the database; an error otherwise.
    async fn ping(&self) -> anyhow::Result<()>;
}
