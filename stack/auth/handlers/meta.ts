import type { AuthDeps } from '../deps.ts';

/** GET /settings: what auth-js and dashboards read to know which providers are on. */
export function settings(deps: AuthDeps) {
  const s = deps.settings;
  return {
    external: {
      anonymous_users: s.anonymousSignIns,
      apple: false,
      azure: false,
      bitbucket: false,
      discord: false,
      facebook: false,
      figma: false,
      fly: false,
      github: false,
      gitlab: false,
      google: false,
      keycloak: false,
      kakao: false,
      linkedin: false,
      linkedin_oidc: false,
      notion: false,
      spotify: false,
      slack: false,
      slack_oidc: false,
      workos: false,
      twitch: false,
      twitter: false,
      email: s.emailSignupEnabled,
      phone: false,
      zoom: false,
    },
    disable_signup: !s.signupEnabled,
    mailer_autoconfirm: s.autoconfirm,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  };
}

export function health() {
  return { version: 'stack', name: 'GoTrue', description: 'GoTrue is a user registration and authentication API' };
}
