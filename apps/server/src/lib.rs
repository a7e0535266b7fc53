//! The composition root: configuration, wiring of adapters into ports, and the HTTP layer.

pub mod config;
pub mod http;
pub mod scheduler;
pub mod state;

pub use config::Settings;
pub use http::serve;
pub use state::AppState;
