//! The S3 adapter against a real S3-compatible server on loopback: moto's server, installed into
//! target/tools/moto by `just test-rust` (scripts/test-tools.sh), or the one S3_TEST_SERVER names.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use adapter_blobs::{S3BlobStore, S3Settings, UrlStyle};
use ports::blobs::{BlobKey, BlobStore};
use rusty_s3::actions::{CreateBucket, GetObject};
use rusty_s3::{Bucket, Credentials, S3Action};

struct S3Server {
    child: Child,
    endpoint: url::Url,
}

impl S3Server {
    fn start() -> Self {
        let program = std::env::var("S3_TEST_SERVER").unwrap_or_else(|_| {
            concat!(env!("CARGO_MANIFEST_DIR"), "/../../target/tools/moto/bin/moto_server").to_owned()
        });
        let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let child = Command::new(&program)
            .args(["-H", "127.0.0.1", "-p", &port.to_string()])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("starting {program} ({e}): run scripts/test-tools.sh to install moto"));
        let deadline = Instant::now() + Duration::from_secs(30);
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(Instant::now() < deadline, "the S3 server did not start listening");
            std::thread::sleep(Duration::from_millis(50));
        }
        Self { child, endpoint: format!("http://127.0.0.1:{port}").parse().unwrap() }
    }

    fn settings(&self, bucket: &str) -> S3Settings {
        S3Settings {
            bucket: bucket.into(),
            region: "eu-west-2".into(),
            endpoint: Some(self.endpoint.clone()),
            url_style: None,
            access_key_id: "test-key".into(),
            secret_access_key: "test-secret".into(),
            session_token: None,
        }
    }

    async fn create_bucket(&self, name: &str) {
        let bucket =
            Bucket::new(self.endpoint.clone(), rusty_s3::UrlStyle::Path, name.to_owned(), "eu-west-2").unwrap();
        let credentials = Credentials::new("test-key", "test-secret");
        let url = CreateBucket::new(&bucket, &credentials).sign(Duration::from_secs(60));
        let body =
            "<CreateBucketConfiguration><LocationConstraint>eu-west-2</LocationConstraint></CreateBucketConfiguration>";
        let status = reqwest::Client::new().put(url).body(body).send().await.unwrap().status();
        assert!(status.is_success(), "creating the bucket: {status}");
    }
}

impl Drop for S3Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn key(raw: &str) -> BlobKey {
    BlobKey::parse(raw).unwrap()
}

#[tokio::test]
async fn blobs_are_stored_replaced_read_shared_between_instances_and_removed() {
    let server = S3Server::start();
    server.create_bucket("photos").await;
    let first = S3BlobStore::new(server.settings("photos")).unwrap();
    let second = S3BlobStore::new(server.settings("photos")).unwrap();
    first.check().await.unwrap();

    let photo = key("3f9a0c6e5b.jpg");
    assert_eq!(first.get(&photo).await.unwrap(), None);
    let big: Vec<u8> = (0..2_000_000u32).map(|i| (i * 7 % 251) as u8).collect();
    first.put(&photo, b"first".to_vec()).await.unwrap();
    first.put(&photo, big.clone()).await.unwrap();
    assert_eq!(second.get(&photo).await.unwrap(), Some(big), "the other instance reads every byte");

    second.delete(&photo).await.unwrap();
    second.delete(&photo).await.unwrap();
    assert_eq!(first.get(&photo).await.unwrap(), None);
}

#[tokio::test]
async fn the_object_carries_the_content_type_of_its_extension() {
    let server = S3Server::start();
    server.create_bucket("typed").await;
    let store = S3BlobStore::new(server.settings("typed")).unwrap();
    store.put(&key("a-thumb.webp"), vec![1, 2, 3]).await.unwrap();
    let bucket = Bucket::new(server.endpoint.clone(), rusty_s3::UrlStyle::Path, "typed", "eu-west-2").unwrap();
    let credentials = Credentials::new("test-key", "test-secret");
    let url = GetObject::new(&bucket, Some(&credentials), "a-thumb.webp").sign(Duration::from_secs(60));
    let response = reqwest::get(url).await.unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "image/webp");
}

#[tokio::test]
async fn a_missing_bucket_is_named_at_start_up() {
    let server = S3Server::start();
    let store = S3BlobStore::new(server.settings("no-such-bucket")).unwrap();
    let error = store.check().await.unwrap_err().to_string();
    assert!(error.contains("\"no-such-bucket\" does not exist"), "{error}");
    assert!(store.put(&key("x.png"), vec![1]).await.is_err(), "writing into a missing bucket fails");
}

/// A server that answers each connection with the next canned response, counting requests.
fn canned_server(responses: Vec<&'static str>) -> (url::Url, std::sync::Arc<std::sync::atomic::AtomicUsize>) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let endpoint = format!("http://{}", listener.local_addr().unwrap()).parse().unwrap();
    let served = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let count = served.clone();
    std::thread::spawn(move || {
        for (stream, response) in listener.incoming().zip(responses) {
            let mut stream = stream.unwrap();
            let mut buf = [0u8; 8192];
            let _ = stream.read(&mut buf);
            count.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            stream.write_all(response.as_bytes()).unwrap();
        }
    });
    (endpoint, served)
}

const UNAVAILABLE: &str = "HTTP/1.1 503 Service Unavailable\r\ncontent-length: 0\r\nconnection: close\r\n\r\n";
const PHOTO: &str = "HTTP/1.1 200 OK\r\ncontent-type: image/png\r\ncontent-length: 5\r\nconnection: close\r\n\r\nbytes";

fn settings_for(endpoint: url::Url) -> S3Settings {
    S3Settings {
        bucket: "b".into(),
        region: "eu-west-2".into(),
        endpoint: Some(endpoint),
        url_style: Some(UrlStyle::Path),
        access_key_id: "k".into(),
        secret_access_key: "s".into(),
        session_token: None,
    }
}

#[tokio::test]
async fn a_busy_server_is_retried_a_bounded_number_of_times() {
    let (endpoint, served) = canned_server(vec![UNAVAILABLE, UNAVAILABLE, PHOTO]);
    let store = S3BlobStore::new(settings_for(endpoint)).unwrap();
    assert_eq!(store.get(&key("p.png")).await.unwrap().as_deref(), Some(&b"bytes"[..]));
    assert_eq!(served.load(std::sync::atomic::Ordering::SeqCst), 3);

    let (endpoint, served) = canned_server(vec![UNAVAILABLE, UNAVAILABLE, UNAVAILABLE, PHOTO]);
    let store = S3BlobStore::new(settings_for(endpoint)).unwrap();
    let error = store.get(&key("p.png")).await.unwrap_err().to_string();
    assert!(error.contains("503"), "{error}");
    assert_eq!(served.load(std::sync::atomic::Ordering::SeqCst), 3, "three attempts, then the error");
}
