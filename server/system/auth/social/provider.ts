// Social sign-in providers. A provider sends the person to authorise (a redirect or a page of its own) and later
// turns the one-time code it handed back into the identity of the outside account. Only the providers named in
// SOCIAL_PROVIDERS are offered: the local simulator signs anyone in as anyone, so it is a development aid that
// configuration must turn on. A real provider (WeChat, GitHub …) is another entry in `knownProviders`.
import type { AppContext } from '../../../platform/context.js';
import { simulatorProvider } from './simulator.js';

export interface SocialIdentity {
  /** The account's id at the provider. */
  uuid: string;
  username: string;
  avatar: string;
}

export type Authorization = { redirect: string } | { html: string };

export interface SocialProvider {
  source: string;
  /** Shown on the sign-in page. */
  name: string;
  authorize: (ctx: AppContext, state: string) => Promise<Authorization>;
  /** The identity behind a code, or null when the code is unknown, used, expired or for another state. */
  exchange: (ctx: AppContext, code: string, state: string) => Promise<SocialIdentity | null>;
}

const knownProviders: SocialProvider[] = [simulatorProvider];

/** The providers configuration turns on. */
export const socialProviders = (ctx: AppContext): SocialProvider[] =>
  knownProviders.filter((provider) => ctx.config.socialProviders.includes(provider.source));

export const providerOf = (ctx: AppContext, source: string): SocialProvider | undefined =>
  socialProviders(ctx).find((provider) => provider.source === source);
