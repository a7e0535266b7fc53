//! Wire types shared by several routes.

use chrono::{DateTime, Utc};
use domain::User;
use serde::Serialize;
use utoipa::ToSchema;

/// A user as every answer shows it. Never carries a hash or a token.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserDto {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub email: String,
    #[schema(example = "user")]
    pub role: RoleDto,
    pub is_active: bool,
    pub is_verified: bool,
    /// Whether this user may link a bank (always true for a superadmin).
    pub can_connect_bank: bool,
    /// Whether this user may finalise months (always true for a superadmin).
    pub can_finalize_month: bool,
    /// Whether signing in needs a code from an authenticator app after the password.
    pub two_factor_enabled: bool,
    pub created_at: DateTime<Utc>,
    /// Which year the Reports screen opens on (GET /auth/me and the profile answer carry it).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<ReportYearDto>)]
    pub report_year: Option<&'static str>,
}

/// The calendar year (January to December) or the UK tax year (6 April to 5 April).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ReportYearDto {
    Calendar,
    Tax,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum RoleDto {
    User,
    Superadmin,
}

impl From<&User> for UserDto {
    fn from(u: &User) -> Self {
        Self {
            id: u.id.to_string(),
            name: u.name.to_string(),
            email: u.email.to_string(),
            role: match u.role {
                domain::Role::User => RoleDto::User,
                domain::Role::Superadmin => RoleDto::Superadmin,
            },
            is_active: u.is_active,
            is_verified: u.is_verified,
            can_connect_bank: u.can_connect_bank(),
            can_finalize_month: u.can_finalize_month(),
            two_factor_enabled: u.two_factor_enabled,
            created_at: u.created_at,
            report_year: None,
        }
    }
}

/// `{success: true, message}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct MessageResponse {
    pub success: bool,
    pub message: String,
}

impl MessageResponse {
    pub fn ok(message: impl Into<String>) -> Self {
        Self { success: true, message: message.into() }
    }
}

/// Implements `Responder` for answers sent as 200 with their JSON body, so a handler returns
/// its answer's type (the one its `#[utoipa::path]` names) rather than an `HttpResponse`.
macro_rules! json_answer {
    ($($answer:ty),+ $(,)?) => {$(
        impl actix_web::Responder for $answer {
            type Body = actix_web::body::BoxBody;

            fn respond_to(self, _: &actix_web::HttpRequest) -> actix_web::HttpResponse {
                actix_web::HttpResponse::Ok().json(self)
            }
        }
    )+};
}
pub(crate) use json_answer;

json_answer!(MessageResponse);

/// An amount on the wire: a JSON number in pounds with at most two decimals. It is written
/// from integer pence (`pence / 100` is correctly rounded and printed in its shortest form,
/// which is the exact two-place decimal); no arithmetic is done in floating point.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ToSchema)]
#[schema(value_type = f64, example = 1234.56)]
pub struct Pounds(pub domain::Money);

impl Serialize for Pounds {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_f64(self.0.pence() as f64 / 100.0)
    }
}

impl From<domain::Money> for Pounds {
    fn from(m: domain::Money) -> Self {
        Pounds(m)
    }
}

/// An amount as a client may send it: a JSON number (`12.5`) or a string (`"12.50"`). It is
/// kept as decimal text for the domain to parse exactly.
#[derive(Debug, Clone, serde::Deserialize)]
#[serde(transparent)]
pub struct AmountInput(AmountRepr);

/// A JSON number, or the same number as text: what `AmountInput` and `WholeInput` accept.
fn number_or_text(
    kind: utoipa::openapi::schema::Type,
    description: &str,
) -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
    use utoipa::openapi::schema::{ObjectBuilder, OneOfBuilder, Type};
    OneOfBuilder::new()
        .item(ObjectBuilder::new().schema_type(kind))
        .item(ObjectBuilder::new().schema_type(Type::String))
        .description(Some(description))
        .into()
}

impl utoipa::PartialSchema for AmountInput {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        number_or_text(
            utoipa::openapi::schema::Type::Number,
            "Pounds with at most two decimals, as a number (12.5) or decimal text (\"12.50\")",
        )
    }
}

impl ToSchema for AmountInput {}

#[derive(Debug, Clone, serde::Deserialize)]
#[serde(untagged)]
enum AmountRepr {
    Number(serde_json::Number),
    Text(String),
}

impl AmountInput {
    pub fn into_text(self) -> String {
        match self.0 {
            AmountRepr::Number(n) => n.to_string(),
            AmountRepr::Text(t) => t,
        }
    }
}

/// A whole number as a client may send it: a JSON number (`3`) or text (`"3"`, as every query
/// string value is). It is kept as text for the parser of its request to read, so a wrong value
/// gets that request's own message ("Page must be a positive whole number").
#[derive(Debug, Clone, serde::Deserialize)]
#[serde(transparent)]
pub struct WholeInput(AmountRepr);

impl utoipa::PartialSchema for WholeInput {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        number_or_text(utoipa::openapi::schema::Type::Integer, "A whole number, as a number (3) or text (\"3\")")
    }
}

impl ToSchema for WholeInput {}

impl WholeInput {
    pub fn into_text(self) -> String {
        AmountInput(self.0).into_text()
    }
}

/// A calendar day as `YYYY-MM-DD` (where the API says so, an ISO timestamp is also read, as its
/// London day). Kept as text for the request's parser, which gives the message.
#[derive(Debug, Clone, serde::Deserialize, ToSchema)]
#[serde(transparent)]
#[schema(value_type = String, format = Date)]
pub struct DayInput(pub String);

/// `true` or `false` in a query string, kept as text for the request's parser (which names
/// the parameter when the value is neither).
#[derive(Debug, Clone, serde::Deserialize, ToSchema)]
#[serde(transparent)]
#[schema(value_type = bool)]
pub struct FlagInput(pub String);

/// The text of optional whole numbers and days, for the parsers that take text.
pub fn whole_text(v: Option<WholeInput>) -> Option<String> {
    v.map(WholeInput::into_text)
}

/// A required whole number: absent, blank or not a whole number is a 400 with `message`.
pub fn required_whole(
    v: Option<WholeInput>,
    field: &'static str,
    message: &str,
) -> Result<i64, crate::http::error::ApiError> {
    let number = domain::validation::whole_number(whole_text(v).as_deref(), field, message)?;
    Ok(number.ok_or_else(|| domain::ValidationError::new(field, message))?)
}

pub fn day_text(v: Option<DayInput>) -> Option<String> {
    v.map(|d| d.0)
}

/// `{success: true, data, message?}`: the answer that carries one thing (a record, a list, a
/// summary), with the words to show when there are any. A handler returns it typed (200), or
/// inside [`Created`] (201), and its `#[utoipa::path]` names the same type as its body.
#[derive(Debug, Serialize, ToSchema)]
pub struct Envelope<T> {
    pub success: bool,
    pub data: T,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
}

impl<T> Envelope<T> {
    pub fn ok(data: T) -> Self {
        Self { success: true, data, message: None }
    }

    pub fn with_message(data: T, message: impl Into<String>) -> Self {
        Self { success: true, data, message: Some(message.into()) }
    }
}

/// `{success: true, data, message}`: an answer that always says what was done.
#[derive(Debug, Serialize, ToSchema)]
pub struct Confirmed<T> {
    pub success: bool,
    pub data: T,
    pub message: String,
}

impl<T> Confirmed<T> {
    pub fn new(data: T, message: impl Into<String>) -> Self {
        Self { success: true, data, message: message.into() }
    }
}

/// A typed answer sent as 201 Created.
#[derive(Debug)]
pub struct Created<B>(pub B);

impl<T: Serialize> actix_web::Responder for Envelope<T> {
    type Body = actix_web::body::BoxBody;

    fn respond_to(self, _: &actix_web::HttpRequest) -> actix_web::HttpResponse {
        actix_web::HttpResponse::Ok().json(self)
    }
}

impl<T: Serialize> actix_web::Responder for Confirmed<T> {
    type Body = actix_web::body::BoxBody;

    fn respond_to(self, _: &actix_web::HttpRequest) -> actix_web::HttpResponse {
        actix_web::HttpResponse::Ok().json(self)
    }
}

impl<B: Serialize> actix_web::Responder for Created<B> {
    type Body = actix_web::body::BoxBody;

    fn respond_to(self, _: &actix_web::HttpRequest) -> actix_web::HttpResponse {
        actix_web::HttpResponse::Created().json(self.0)
    }
}

/// Parses a path id; an id that cannot be one of ours is as absent as another user's.
/// The id is typed by what the caller wants (`GoalId`, or a bare `Uuid`).
pub fn path_id<Id: From<uuid::Uuid>>(raw: &str, what: &'static str) -> Result<Id, crate::http::error::ApiError> {
    let id = uuid::Uuid::parse_str(raw.trim())
        .map_err(|_| crate::http::error::ApiError::not_found(format!("{what} not found")))?;
    Ok(Id::from(id))
}

/// A private download named `myspending-<what>-<London's today>.<ext>`: the start of the answer,
/// with its type, `Content-Disposition` and `no-store`.
pub fn download(content_type: &str, what: &str, ext: &str) -> actix_web::HttpResponseBuilder {
    let day = domain::dates::london_today(chrono::Utc::now());
    let mut answer = actix_web::HttpResponse::Ok();
    answer
        .content_type(content_type)
        .insert_header((
            actix_web::http::header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"myspending-{what}-{}.{ext}\"", day.format("%Y-%m-%d")),
        ))
        .insert_header((actix_web::http::header::CACHE_CONTROL, "no-store"));
    answer
}
