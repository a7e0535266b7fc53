//! Two-factor sign-in (enrol, confirm, sign in with a code or a recovery code, turn off) and
//! the user's signed-in devices (list, sign one out, sign the others out, log out).

use domain::ids::SessionId;
use domain::two_factor::{
    Code, RecoveryCode, TotpSecret, INVALID_CODE, INVALID_RECOVERY_CODE, RECOVERY_CODES, RECOVERY_CODE_BYTES,
    SECRET_BYTES,
};
use domain::{LoginPassword, User, UserId, ValidationError};
use uuid::Uuid;

use super::service::{AuthError, AuthService, SignedIn};
use super::store::{ClientMeta, SessionInfo, TwoFactorRecord};
use crate::{RepoError, UniqueField};

/// Wrong codes a challenge takes before it is locked and the password must be typed again.
pub const CHALLENGE_ATTEMPTS: i32 = 10;

/// A secret to enrol: as typed into an authenticator app, and as its QR code carries it.
#[derive(Debug, Clone)]
pub struct Enrolment {
    pub secret: String,
    pub otpauth_url: String,
}

/// The second factor a sign-in or a change offers: a code from the app, or a recovery code.
#[derive(Debug, Clone, Default)]
pub struct SecondFactor {
    pub code: Option<String>,
    pub recovery_code: Option<String>,
}

impl SecondFactor {
    /// One field that takes either kind (turning two-factor sign-in off, when the phone may be
    /// lost): digits (spaces allowed) are the app's code, anything else a recovery code.
    pub fn either(typed: String) -> Self {
        if typed.chars().filter(|c| !c.is_whitespace()).all(|c| c.is_ascii_digit()) {
            SecondFactor { code: Some(typed), recovery_code: None }
        } else {
            SecondFactor { code: None, recovery_code: Some(typed) }
        }
    }
}

/// A signed-in device as the user sees it.
#[derive(Debug, Clone)]
pub struct DeviceSession {
    pub info: SessionInfo,
    /// The session of the request that asked.
    pub current: bool,
}

/// The account a challenge token names (to limit attempts per account before it is checked).
pub fn challenge_account(token: &str) -> Option<UserId> {
    split_challenge(token).map(|(user, _)| user)
}

/// The user id a challenge token names, and the token's secret part.
fn split_challenge(token: &str) -> Option<(UserId, &str)> {
    let (user, secret) = token.trim().split_once('.')?;
    let user = Uuid::parse_str(user).ok()?;
    (!secret.is_empty()).then_some((UserId(user), secret))
}

impl AuthService {
    /// A challenge for a sign-in whose password was right: `{user id}.{secret}`, only the
    /// secret's digest stored, live for a few minutes.
    pub(super) async fn challenge(&self, user: &User, meta: ClientMeta) -> Result<String, AuthError> {
        let secret = self.deps.secrets.generate();
        let expires_at = self.deps.clock.now() + self.settings.challenge_ttl;
        self.deps.two_factor.create_challenge(user.id, secret.digest, expires_at, meta).await?;
        Ok(format!("{}.{}", user.id, secret.plain))
    }

    /// Completes a sign-in with a code (accepted once, within a step either side of now) or an
    /// unused recovery code. Each wrong one counts against the challenge; the tenth locks it.
    #[tracing::instrument(level = "debug", skip_all)]
    pub async fn login_two_factor(&self, challenge_token: &str, factor: SecondFactor) -> Result<SignedIn, AuthError> {
        let (user_id, secret) = split_challenge(challenge_token).ok_or(AuthError::ChallengeExpired)?;
        let digest = self.deps.secrets.digest(secret);
        let now = self.deps.clock.now();
        let challenge = match self.deps.two_factor.challenge(user_id, digest.clone(), now).await {
            Ok(challenge) => challenge,
            Err(RepoError::NotFound) => return Err(AuthError::ChallengeExpired),
            Err(e) => return Err(e.into()),
        };
        let accepted = match self.check_factor(user_id, &factor).await {
            Ok(accepted) => accepted,
            // Malformed input is a wrong code too, or guessing would be free.
            Err(AuthError::Invalid(invalid)) => Err(invalid),
            Err(other) => return Err(other),
        };
        if let Err(invalid) = accepted {
            let failures = self.deps.two_factor.challenge_failed(user_id, digest, CHALLENGE_ATTEMPTS).await?;
            return Err(if failures >= CHALLENGE_ATTEMPTS { AuthError::ChallengeLocked } else { invalid.into() });
        }
        if !self.deps.two_factor.take_challenge(user_id, digest).await? {
            return Err(AuthError::ChallengeExpired);
        }
        let user = match self.deps.users.find_by_id(user_id).await {
            Ok(user) => user,
            Err(RepoError::NotFound) => return Err(AuthError::ChallengeExpired),
            Err(e) => return Err(e.into()),
        };
        if !user.is_active {
            return Err(AuthError::Disabled);
        }
        self.start_session(user, challenge.meta).await
    }

    /// Whether the factor is right for the user's confirmed enrolment, using it up when it is:
    /// `Ok(Err(why))` when it is wrong, used or there is no enrolment.
    async fn check_factor(
        &self,
        user: UserId,
        factor: &SecondFactor,
    ) -> Result<Result<(), ValidationError>, AuthError> {
        let blank = |value: &Option<String>| value.as_deref().is_none_or(|v| v.trim().is_empty());
        if blank(&factor.code) && !blank(&factor.recovery_code) {
            let code = RecoveryCode::parse(factor.recovery_code.as_deref().unwrap_or_default())?;
            let digest = self.deps.secrets.digest(code.expose());
            let used = self.deps.two_factor.use_recovery_code(user, digest, self.deps.clock.now()).await?;
            return Ok(if used { Ok(()) } else { Err(ValidationError::new("recoveryCode", INVALID_RECOVERY_CODE)) });
        }
        let code = Code::parse(factor.code.as_deref().unwrap_or_default())?;
        let wrong = || ValidationError::new("code", INVALID_CODE);
        let record = match self.deps.two_factor.record(user).await {
            Ok(record) if record.enabled => record,
            Ok(_) | Err(RepoError::NotFound) => return Ok(Err(wrong())),
            Err(e) => return Err(e.into()),
        };
        let Some(step) = self.secret_of(&record)?.matching_step(&code, self.deps.clock.now(), record.last_step) else {
            return Ok(Err(wrong()));
        };
        // Two requests with the same code: the store lets only the first record its step.
        Ok(if self.deps.two_factor.use_step(user, step).await? { Ok(()) } else { Err(wrong()) })
    }

    fn secret_of(&self, record: &TwoFactorRecord) -> Result<TotpSecret, AuthError> {
        let text = self.deps.sealer.open(&record.sealed_secret)?;
        TotpSecret::from_base32(&text).ok_or_else(|| anyhow::anyhow!("a stored two-factor secret is not base32").into())
    }

    /// Starts enrolment: a new secret (replacing one not yet confirmed), sealed at rest.
    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user.id))]
    pub async fn two_factor_setup(&self, user: &User) -> Result<Enrolment, AuthError> {
        if user.two_factor_enabled {
            return Err(AuthError::TwoFactorAlreadyOn);
        }
        let secret = TotpSecret::from_bytes(self.deps.secrets.random_bytes(SECRET_BYTES));
        let sealed = self.deps.sealer.seal(&secret.to_base32())?;
        match self.deps.two_factor.begin(user.id, sealed).await {
            Ok(()) => {}
            Err(RepoError::Duplicate(UniqueField::TwoFactor)) => return Err(AuthError::TwoFactorAlreadyOn),
            Err(e) => return Err(e.into()),
        }
        Ok(Enrolment { otpauth_url: secret.otpauth_url(user.email.as_str()), secret: secret.to_base32() })
    }

    /// Confirms enrolment with a code from the app: two-factor sign-in is on, and the ten
    /// recovery codes are answered once (only their digests are kept).
    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user.id))]
    pub async fn two_factor_enable(&self, user: &User, code: &str) -> Result<Vec<String>, AuthError> {
        let code = Code::parse(code)?;
        let record = match self.deps.two_factor.record(user.id).await {
            Ok(record) if record.enabled => return Err(AuthError::TwoFactorAlreadyOn),
            Ok(record) => record,
            Err(RepoError::NotFound) => return Err(AuthError::TwoFactorNotStarted),
            Err(e) => return Err(e.into()),
        };
        let step = self
            .secret_of(&record)?
            .matching_step(&code, self.deps.clock.now(), None)
            .ok_or_else(|| ValidationError::new("code", INVALID_CODE))?;
        let codes: Vec<RecoveryCode> = (0..RECOVERY_CODES)
            .map(|_| {
                let bytes = self.deps.secrets.random_bytes(RECOVERY_CODE_BYTES);
                RecoveryCode::from_random(bytes.try_into().expect("asked for RECOVERY_CODE_BYTES"))
            })
            .collect();
        let digests = codes.iter().map(|c| self.deps.secrets.digest(c.expose())).collect();
        match self.deps.two_factor.enable(user.id, step, digests).await {
            Ok(()) => Ok(codes.iter().map(RecoveryCode::display).collect()),
            Err(RepoError::NotFound) => Err(AuthError::TwoFactorAlreadyOn),
            Err(e) => Err(e.into()),
        }
    }

    /// Turns two-factor sign-in off: needs the password and a code (or a recovery code, for
    /// someone who lost the phone).
    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user.id))]
    pub async fn two_factor_disable(&self, user: &User, password: &str, factor: SecondFactor) -> Result<(), AuthError> {
        if !user.two_factor_enabled {
            return Err(AuthError::TwoFactorOff);
        }
        let password = LoginPassword::parse(password)?;
        let stored = self.deps.users.password_hash(user.id).await?;
        if !self.deps.hasher.verify(password.expose(), &stored).await? {
            return Err(AuthError::WrongCurrentPassword);
        }
        self.check_factor(user.id, &factor).await??;
        Ok(self.deps.two_factor.disable(user.id).await?)
    }

    /// How many unused recovery codes the user has left.
    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user.id))]
    pub async fn recovery_codes_left(&self, user: &User) -> Result<i64, AuthError> {
        Ok(self.deps.two_factor.recovery_codes_left(user.id).await?)
    }

    /// The user's signed-in devices, this one marked.
    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user.id))]
    pub async fn sessions(&self, user: &User, current: SessionId) -> Result<Vec<DeviceSession>, AuthError> {
        let sessions = self.deps.session_store.list(user.id).await?;
        Ok(sessions.into_iter().map(|info| DeviceSession { current: info.id == current, info }).collect())
    }

    /// Signs one device out: its token stops working at once.
    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user.id))]
    pub async fn end_session(&self, user: &User, id: SessionId) -> Result<(), AuthError> {
        match self.deps.session_store.delete(user.id, id).await {
            Ok(()) => Ok(()),
            Err(RepoError::NotFound) => Err(AuthError::SessionNotFound),
            Err(e) => Err(e.into()),
        }
    }

    /// Signs every other device out; how many were.
    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user.id))]
    pub async fn end_other_sessions(&self, user: &User, current: SessionId) -> Result<u64, AuthError> {
        Ok(self.deps.session_store.delete_others(user.id, current).await?)
    }
}
