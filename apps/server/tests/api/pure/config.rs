//! Settings from flags and the environment (src/config.rs).

use clap::Parser;
use server::Settings;

#[derive(Parser)]
struct Flags {
    #[command(flatten)]
    settings: Settings,
}

fn s3(args: &[&str]) -> anyhow::Result<adapter_blobs::S3Settings> {
    let all = ["myspending", "--blob-store", "s3"].iter().chain(args);
    Flags::try_parse_from(all).unwrap().settings.s3_settings()
}

#[test]
fn the_s3_store_names_what_is_missing_and_reads_what_is_there() {
    let keys = ["--aws-access-key-id", "k", "--aws-secret-access-key", "s"];
    assert_eq!(s3(&keys).unwrap_err().to_string(), "BLOB_STORE=s3 needs S3_BUCKET");
    let error = s3(&["--s3-bucket", "b", "--aws-access-key-id", "k"]).unwrap_err().to_string();
    assert_eq!(error, "BLOB_STORE=s3 needs AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY");
    let error = s3(&[&["--s3-bucket", "b", "--s3-endpoint", "not a url"][..], &keys].concat()).unwrap_err();
    assert!(error.to_string().contains("S3_ENDPOINT \"not a url\" is not a URL"), "{error}");

    let args = [&["--s3-bucket", "photos", "--s3-endpoint", "http://minio:9000", "--s3-region", "auto"][..], &keys];
    let settings = s3(&args.concat()).unwrap();
    assert_eq!(settings.bucket, "photos");
    assert_eq!(settings.endpoint.unwrap().as_str(), "http://minio:9000/");
    assert_eq!((settings.region.as_str(), settings.url_style), ("auto", None));
}
