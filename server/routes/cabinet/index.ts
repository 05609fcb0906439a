import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type {
  ChangePhoneConfirmRequest, ChangePhoneSendCodeRequest, CheckRegisterRequest, CheckVerificationCodeRequest, EditProfileRequest, InfoResponse, PolicyNewResponse, PolicyResponse, ReferralsResponse,
  RegisterPersonRequest, RenewalResponse, SendCodeRequest, SendCodeResponse, SignInResponse,
} from '../../../products/kit/api/cabinet-api.generated';
import { knownPerson, requestDate } from '../../../products/kit/sale/sale';
import type { Client } from '../../db/database';
import { AppError, ok, refusal } from '../../envelope';
import { contextOf, reading } from '../../lib/calls';
import { multipartBody } from '../../lib/multipart-body';
import { sessionCookieOf, sessionLimits, signInLimits, SignInLimit, type CodeRefused } from '../../plugins/app/cabinet';
import { purchaseAndClaimRoutes } from './purchases-and-claims';

// Under /api beside the site API, with hooks of its own (autohooks.ts): the session token is a credential here.
export const prefixOverride = '/api/shaxsiy_kabinet';

/** A code not taken: `result: false` with why (and the entries left after a wrong one). */
const codeRefusal = (refused: CodeRefused) => refusal(1, refused.reason, refused.reason === 'code_wrong' ? { attempts_left: refused.attemptsLeft } : null);

/** A limit's refusal with its Retry-After header. */
async function withinLimits<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof SignInLimit) reply.header('retry-after', String(error.retryAfterSeconds));
    throw error;
  }
}

/**
 * The cabinet's sign-in and profile calls (requirements §7 "Cabinet"): send-code → the SMS code;
 * check-verification-code → a ticket proving the phone; check_register → a client signs in, or
 * register-person → a new client (passport and birthday found in the person registry, terms
 * accepted) signs in; get/info the profile, edit-profile its e-mail and language; change-phone/send-code
 * and change-phone/confirm the phone, by a code sent to the new one; get/referrals the client's
 * referral link; logout ends the session. Bodies are multipart forms (as the cabinet sends them) or JSON.
 */
export default async function cabinetRoutes(app: FastifyInstance): Promise<void> {
  await app.register(multipart);
  const cookie = sessionCookieOf(app.config.publicUrl);

  /** Route options of a call with a body: read as a form or JSON, then as partners write it, then checked. */
  const bodyOf = (name: string): RouteShorthandOptions => {
    const schema = app.apiSchema(`cabinet/${name}.request`);
    return { preValidation: multipartBody(schema, { alsoJson: true }), ...reading(app, null, schema), schema: { body: schema, consumes: ['multipart/form-data', 'application/json'] } };
  };

  const signedIn = (reply: FastifyReply, client: Client, token: string, forApp: boolean | undefined) => {
    if (!forApp) reply.setCookie(cookie.name, token, cookie.options);
    const name = { first_name: client.first_name, last_name: client.last_name };
    return ok<SignInResponse>({ registered: true, client: name, ...(forApp ? { token } : {}), expires_in: sessionLimits.absoluteMs / 1000 });
  };

  const ticketExpired = () => new AppError(401, 'sign_in_expired', { field: '/ticket' });

  /** The signed-in client, or 401 (and the cookie cleared): the page signs the visitor out and sends them to the login page. */
  const clientOf = async (request: FastifyRequest, reply: FastifyReply): Promise<Client> => {
    const client = request.sessionToken ? await app.cabinet.sessionClient(request.sessionToken) : null;
    if (client) return client;
    if (request.cookies[cookie.name] !== undefined) reply.clearCookie(cookie.name, cookie.options);
    throw new AppError(401, 'session_expired');
  };

  app.post<{ Body: SendCodeRequest }>('/send-code', {
    ...bodyOf('send-code'),
    config: { docs: { summary: 'Sends a 6-digit sign-in code by SMS to an Uzbek mobile number; the same answer for every well-formed number, registered or not. 429 (`code_resend_wait`, `too_many_codes`, `sign_in_locked`, `response.retry_after`) past a limit: a resend after 60 s, 3 codes in 10 minutes and 10 a day per phone, 10 a minute per address', response: 'cabinet/send-code.response' } },
  }, async (request, reply) => {
    const { requestId } = await withinLimits(reply, () => app.cabinet.sendCode(request.body.phone, request.ip, request.body.lang ?? 'uz'));
    return ok<SendCodeResponse>({ request_id: requestId, expires_in: signInLimits.codeTtlMs / 1000, resend_after: signInLimits.resendAfterMs / 1000 });
  });

  app.post<{ Body: CheckVerificationCodeRequest }>('/check-verification-code', {
    ...bodyOf('check-verification-code'),
    config: { docs: { summary: 'Checks the SMS code of a send-code request: a ticket proving the phone, or `result: false` (`code_wrong` with `attempts_left`, `code_expired`, `code_attempts` after 5 wrong entries). 10 wrong entries in a row lock the phone (429 `sign_in_locked`) for 15 minutes, then 30, then an hour', response: 'cabinet/check-verification-code.response' } },
  }, async (request, reply) => {
    const { phone, request_id: requestId, code } = request.body;
    const checked = await withinLimits(reply, () => app.cabinet.checkCode(phone, requestId.toLowerCase(), code));
    if (checked.verified) return ok({ ticket: checked.ticket, expires_in: signInLimits.ticketTtlMs / 1000 });
    return codeRefusal(checked);
  });

  app.post<{ Body: CheckRegisterRequest }>('/check_register', {
    ...bodyOf('check-register'),
    config: { docs: { summary: 'Whether the verified phone is a client\'s: a client is signed in (the session cookie, or `token` with `app`); `registered: false` asks for register-person. 401 `sign_in_expired` for a ticket spent, expired or of another phone', response: 'cabinet/sign-in.response' } },
  }, async (request, reply) => {
    const { phone, ticket, app: forApp } = request.body;
    const signed = await app.cabinet.signInRegistered(phone, ticket);
    if (signed === 'ticket_invalid') throw ticketExpired();
    if (signed === null) return ok<SignInResponse>({ registered: false });
    return signedIn(reply, signed.client, signed.token, forApp);
  });

  app.post<{ Body: RegisterPersonRequest }>('/register-person', {
    ...bodyOf('register-person'),
    config: { docs: { summary: 'Registers the client of a verified phone: the passport and birthday found in the person registry (its names and PINFL are kept), the terms accepted; signs them in. 422 `datas_not_found` for a person the registry does not know, 409 `phone_registered` or `person_registered`, 401 `sign_in_expired` for a ticket spent or expired', response: 'cabinet/sign-in.response' } },
  }, async (request, reply) => {
    const { phone, ticket, app: forApp } = request.body;
    // The registry is asked for verified phones only: a passport is not searched birthday by birthday without one.
    if (!(await app.cabinet.ticketValid(phone, ticket))) throw ticketExpired();
    const birthday = requestDate(request.body.birthday, '/birthday');
    const context = await contextOf(app, null, request);
    const person = await knownPerson({ passportSeria: request.body.passport_seria, passportNumber: request.body.passport_number, birthday }, context, { field: '/passport_number', message: 'datas_not_found' });
    const registered = await app.cabinet.register(phone, ticket, {
      pinfl: person.pinfl,
      passportSeria: request.body.passport_seria,
      passportNumber: request.body.passport_number,
      birthday,
      firstName: person.firstName,
      lastName: person.lastName,
      lang: request.body.lang ?? 'uz',
    });
    if (registered === 'ticket_invalid') throw ticketExpired();
    if (registered === 'phone_registered') throw new AppError(409, 'phone_registered', { field: '/phone' });
    if (registered === 'person_registered') throw new AppError(409, 'person_registered', { field: '/passport_number' });
    return signedIn(reply, registered.client, registered.token, forApp);
  });

  const profile = (client: Client) => ok<InfoResponse>({
    first_name: client.first_name, last_name: client.last_name, pinfl: client.pinfl, passport_seria: client.passport_seria, passport_number: client.passport_number,
    birthday: client.birthday, phone: client.phone, email: client.email, lang: client.lang,
  });

  app.get('/get/info', {
    config: { session: true, docs: { summary: 'The signed-in client\'s profile (the session cookie, or `Authorization: Bearer <token>`); 401 `session_expired` after 30 minutes without a call, 12 hours after signing in, or after logout', response: 'cabinet/info.response' } },
  }, async (request, reply) => profile(await clientOf(request, reply)));

  app.post<{ Body: EditProfileRequest }>('/edit-profile', {
    ...bodyOf('edit-profile'),
    config: { session: true, docs: { summary: 'Changes the signed-in client\'s e-mail or language of messages (what is left out stays); answers the profile. Names, PINFL and birthday are the registry\'s and stay', response: 'cabinet/info.response' } },
  }, async (request, reply) => {
    const client = await clientOf(request, reply);
    return profile(await app.cabinet.editProfile(client.id, { ...(request.body.email ? { email: request.body.email } : {}), ...(request.body.lang ? { lang: request.body.lang } : {}) }));
  });

  app.post<{ Body: ChangePhoneSendCodeRequest }>('/change-phone/send-code', {
    ...bodyOf('change-phone-send-code'),
    config: { session: true, docs: { summary: 'Sends a 6-digit code by SMS to the new number a signed-in client wants, under the sign-in codes\' limits for that number and address (429 `code_resend_wait`, `too_many_codes`, `sign_in_locked` with `response.retry_after`); the same answer whether or not another client has the number. 400 `phone_unchanged` for the client\'s own number', response: 'cabinet/send-code.response' } },
  }, async (request, reply) => {
    const client = await clientOf(request, reply);
    const { phone } = request.body;
    if (phone === client.phone) throw new AppError(400, 'phone_unchanged', { field: '/phone' });
    const { requestId } = await withinLimits(reply, () => app.cabinet.sendPhoneChangeCode(client, phone, request.ip, request.body.lang ?? client.lang));
    return ok<SendCodeResponse>({ request_id: requestId, expires_in: signInLimits.codeTtlMs / 1000, resend_after: signInLimits.resendAfterMs / 1000 });
  });

  app.post<{ Body: ChangePhoneConfirmRequest }>('/change-phone/confirm', {
    ...bodyOf('change-phone-confirm'),
    config: { session: true, docs: { summary: 'Changes the signed-in client\'s phone to the number the code of their change-phone/send-code request was sent to; answers the profile. The client\'s other sessions end and the old number gets an SMS saying so. A code not taken is `result: false` as at check-verification-code (`code_wrong` with `attempts_left`, `code_expired`, `code_attempts`; another client\'s request is `code_expired`); 429 `sign_in_locked`; 409 `phone_registered` when another client has the number', response: 'cabinet/info.response' } },
  }, async (request, reply) => {
    const client = await clientOf(request, reply);
    const token = request.sessionToken ?? '';
    const { request_id: requestId, code } = request.body;
    const change = await withinLimits(reply, () => app.cabinet.changePhone(client, token, requestId.toLowerCase(), code));
    if (change.changed) return profile(change.client);
    if (change.refused === 'phone_registered') throw new AppError(409, 'phone_registered', { field: '/phone' });
    return codeRefusal(change.refused);
  });

  app.get('/get/referrals', {
    config: { session: true, docs: { summary: 'The signed-in client\'s referral code, their link to the site with it (a visitor arriving with `?ref=<code>` keeps it 30 days in the `ref` cookie, which the save of every product reads) and how many contracts were paid through it, never counting the client\'s own', response: 'cabinet/referrals.response' } },
  }, async (request, reply) => {
    const client = await clientOf(request, reply);
    const [code, purchases] = await Promise.all([app.referrals.codeOf(client.id), app.referrals.purchases(client.id)]);
    return ok<ReferralsResponse>({ code, link: `${app.config.publicUrl}/${client.lang}?ref=${code}`, purchases });
  });

  app.post('/logout', {
    config: { session: true, docs: { summary: 'Ends the session on the server (its token no longer signs in anywhere) and clears the cookie', response: 'cabinet/logout.response' } },
  }, async (request, reply) => {
    if (request.sessionToken) await app.cabinet.endSession(request.sessionToken);
    if (request.cookies[cookie.name] !== undefined) reply.clearCookie(cookie.name, cookie.options);
    return ok({ signed_out: true });
  });

  // A client's policies, each looked up by (client, id): another client's id, a malformed one and a
  // policy of nobody are all the same 404, so an id tells nothing of whose it is.
  const policyNotFound = () => new AppError(404, 'policy_not_found');
  const ownerOf = async (request: FastifyRequest, reply: FastifyReply) => {
    const client = await clientOf(request, reply);
    return { phone: client.phone, pinfl: client.pinfl };
  };

  app.get('/get/policy-new', {
    config: { session: true, docs: { summary: 'The signed-in client\'s policies, newest first: every policy (takaful flag 1, which the shop gives every policy it issues) whose contract names the client\'s verified phone or PINFL as policyholder or applicant, bought on the site or through a partner; each with its status on the server\'s day (active, ending within 30 days, ended, cancelled)', response: 'cabinet/policy-new.response' } },
  }, async (request, reply) => ok<PolicyNewResponse>(await app.cabinetPolicies.list(await ownerOf(request, reply))));

  app.get<{ Params: { id: string } }>('/get/policy/:id', {
    config: { session: true, docs: { summary: 'One policy of the signed-in client with its PDF address, the public verification page its QR code opens, its payment and its contract; 404 `policy_not_found` for an id that is not one of the client\'s', response: 'cabinet/policy.response' } },
  }, async (request, reply) => {
    const policy = await app.cabinetPolicies.detail(await ownerOf(request, reply), request.params.id);
    if (!policy) throw policyNotFound();
    return ok<PolicyResponse>(policy);
  });

  app.get<{ Params: { id: string } }>('/get/policy/:id/pdf', {
    config: { session: true, opensAsLink: true, docs: { summary: 'The PDF of a policy of the signed-in client (drawn on its first download), opened by the page\'s link with the session cookie alone; 404 `policy_not_found` for an id that is not one of the client\'s, 410 `policy_cancelled` once its payment was refunded', file: 'application/pdf' } },
  }, async (request, reply) => {
    const pdf = await app.cabinetPolicies.pdf(await ownerOf(request, reply), request.params.id);
    if (!pdf) throw policyNotFound();
    if (pdf === 'revoked') throw new AppError(410, 'policy_cancelled');
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="policy-${request.params.id.toLowerCase()}.pdf"`)
      .header('x-robots-tag', 'noindex')
      .send(Buffer.from(pdf));
  });

  app.get<{ Params: { id: string } }>('/get/renewal/:id', {
    config: { session: true, docs: { summary: 'What renews a policy of the signed-in client that ends within 30 days or has ended: the product, the save request it was bought with, its period and the renewal\'s first day (the day after it ends, or tomorrow). 409 `policy_not_renewable` for one still running longer or cancelled, 404 `policy_not_found` for an id that is not one of the client\'s', response: 'cabinet/renewal.response' } },
  }, async (request, reply) => {
    const renewal = await app.cabinetPolicies.renewal(await ownerOf(request, reply), request.params.id);
    if (!renewal) throw policyNotFound();
    if (renewal === 'not_renewable') throw new AppError(409, 'policy_not_renewable');
    return ok<RenewalResponse>(renewal);
  });

  await purchaseAndClaimRoutes(app, clientOf);
}
