//! Blob storage adapters: a folder on the local disk (the default, one server) and any
//! S3-compatible bucket (AWS S3, MinIO, Cloudflare R2), which several servers can share.

mod disk;
mod s3;

pub use disk::DiskBlobStore;
pub use s3::{S3BlobStore, S3Settings, UrlStyle};
