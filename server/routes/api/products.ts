import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CheckRequest } from '../../../products/kit/api/common-api.generated';
import { unpaidCheckCode } from '../../../products/kit/api/check-readings';
import { filePartRules } from '../../../products/kit/api/multipart';
import { SaleRefusal, SaveDeclined } from '../../../products/kit/sale/sale';
import { AppError, ok, refusal } from '../../envelope';
import { checkContract, readCheck } from '../../lib/contract-check';
import { maskPersonalData } from '../../logging';
import { contextOf, pathsOf, reading, serveCall } from '../../lib/calls';
import type { SaveBody, ServerProduct } from '../../lib/product-registry';
import { multipartBody } from '../../lib/multipart-body';
import { saveAnswer } from '../../lib/save-answer';
import { unprintableInPolicy } from '../../lib/printable-terms';

/**
 * The sale of one product at its requirements §7 paths: save prices the cover the request asks for with the
 * product's own pricing and refuses any other amount; check answers the policy once paid; the
 * product's own calls (catalog, calculator, lookups) are served as it declares them.
 */
function serveProduct(app: FastifyInstance, { manifest, sale }: ServerProduct): void {
  /**
   * A save the insurer declines with a code of its own: `result: false` for the caller, logged; the
   * codes no visitor can fix (10 and up, requirements §8) are also reported to the chat.
   */
  const declined = async (request: FastifyRequest, error: SaveDeclined) => {
    request.log.info({ product: manifest.id, code: error.code, channel: request.channel || undefined }, 'save declined');
    if (error.code >= 10) {
      await app.outbox.enqueue('failure', maskPersonalData(`Failure (${manifest.id} save): declined with error ${error.code} [channel ${request.channel || '-'}, request ${request.id}]\n${error.message}`));
    }
    return refusal(error.code, error.message, error.response);
  };

  const save = async (request: FastifyRequest<{ Body: SaveBody }>) => {
    let quoted: Awaited<ReturnType<typeof sale.quote>>;
    try {
      quoted = await sale.quote(request.body, await contextOf(app, manifest.id, request));
    } catch (error) {
      if (!(error instanceof SaveDeclined)) throw error;
      return declined(request, error);
    }
    const { terms, price } = quoted;
    const unprintable = unprintableInPolicy(terms, request.body);
    if (unprintable) throw new SaleRefusal(400, `body${unprintable.field}: ${JSON.stringify(unprintable.char)} cannot be printed on the policy`, unprintable.field || undefined);
    if (sale.amount(request.body) !== price.total) {
      // The message is the one partner clients read; the field is named beside the server's amount.
      throw new AppError(422, `amount differs, server: ${price.total}`, { amount: price.total, field: sale.amountField });
    }
    const input = {
      product: manifest.id,
      channel: request.channel,
      amount: price.total,
      body: request.body,
      returnUrl: request.body.return_url,
      terms,
      // A visitor who came through a client's referral link: a code that is unknown, malformed or the buyer's own counts for nobody.
      referrerClientId: await app.referrals.referrerOf(request.cookies, { phone: terms.clientPhone, pinfls: terms.clientPinfls }),
    };
    // The files a save carried are kept with its contract, or neither is.
    const contract = request.uploads?.length
      ? await app.db.transaction().execute(async (trx) => {
          const created = await app.contracts.create(input, trx);
          await app.contractFiles.keep(created.id, request.uploads ?? [], trx);
          return created;
        })
      : await app.contracts.create(input);
    return ok(saveAnswer(app, contract), 'Policy success saved');
  };
  const saveSchema = app.apiSchema(sale.schemas.save);
  // A save whose schema has file parts is multipart (requirements §7: the pet and job-loss saves).
  const withFiles = Object.keys(filePartRules(saveSchema)).length > 0;
  const serveSave = (scope: FastifyInstance) => {
    for (const path of pathsOf(manifest, manifest.calls.save)) {
      scope.post<{ Body: SaveBody }>(path, {
        ...(withFiles ? { preValidation: multipartBody(saveSchema) } : {}),
        ...reading(app, manifest.id, saveSchema, sale.readSave?.bind(sale), { money: [sale.amountField] }),
        schema: { body: saveSchema, ...(withFiles ? { consumes: ['multipart/form-data'] } : {}) },
        config: {
          idempotent: true,
          reportFailures: `${manifest.id} save`,
          docs: { summary: `${manifest.id}: save the contract at the server's price and answer its payment links (HTTP 422 for another amount)`, response: 'common/save.response' },
        },
      }, save);
    }
  };
  // Multipart bodies are read by these saves alone, in a context of their own: @fastify/multipart
  // hooks two async steps (a promise each and a 'close' listener) onto every request of the context
  // it is registered in, which every price and lookup call would otherwise pay for nothing.
  // (server/lib/multipart-body.ts sets the limits.)
  if (withFiles) {
    void app.register(async (files) => {
      await files.register(multipart, { throwFileSizeLimit: false });
      serveSave(files);
    });
  } else serveSave(app);

  const check = (request: { body: CheckRequest; channel: string }) => checkContract(app, request.body, request.channel, manifest.id, manifest.checkAnswer);
  for (const path of pathsOf(manifest, manifest.calls.check)) {
    app.post<{ Body: CheckRequest }>(path, {
      config: { docs: { summary: `${manifest.id}: the policy once paid (error 0), by contract_id or by order_id among the caller's own (unpaid: error ${unpaidCheckCode[manifest.checkAnswer ?? 'standard']}, payment_not_made, with response.last_payment "declined" when the card was refused)`, response: 'common/check.response' } },
      ...reading(app, null, app.apiSchema('common/check.request'), readCheck),
      schema: { body: app.apiSchema('common/check.request') },
    }, check);
  }

  for (const call of sale.calls ?? []) serveCall(app, call, manifest);
}

/** Every registered product (products/<id>/), served by the same handlers. */
export default async function productRoutes(app: FastifyInstance): Promise<void> {
  app.decorateRequest('uploads', null);
  for (const product of app.products.list) serveProduct(app, product);
}
