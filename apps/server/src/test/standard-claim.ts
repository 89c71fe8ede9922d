import type { RemoteModelConfig } from '@claims/core/case/field-config';
import type { FastifyInstance } from 'fastify';
import { SAMPLE_PDF } from '../../test-fakes/sample-documents';
import {
  claimTextParts,
  validClaimantInfo,
  validClaimTransaction,
  validSignature,
  validStandardClaimDetails,
  type ClaimParts,
} from './claims';
import { demoRows, TestClient } from './test-app';

/**
 * Valid Standard claims of the demo case, each of the next class member with one PDF,
 * submitted through the API as the browser does.
 */
export class StandardClaims {
  private next = 0;

  private constructor(
    private readonly app: FastifyInstance,
    private readonly configs: readonly RemoteModelConfig[],
    private readonly members: readonly Record<string, string>[],
    /** An eligible VIN of the demo case. */
    readonly vin: string,
  ) {}

  static async load(app: FastifyInstance): Promise<StandardClaims> {
    const configs = await new TestClient(app).modelConfigs();
    const vin = (await demoRows('vehicles.csv'))[0]!.Vin!;
    return new StandardClaims(app, configs, await demoRows('class-list.csv'), vin);
  }

  /** The class member whose claim `submit` files next. */
  get upcomingMember(): Readonly<Record<string, string>> {
    return this.members[this.next]!;
  }

  /** The claim's details with `changes`, as the claim-details and payment pages save them. */
  details(changes: Record<string, unknown> = {}): Record<string, unknown> {
    return { ...validStandardClaimDetails(this.vin), ...changes };
  }

  /** Submits the next member's claim with `overrides` replacing parts of it. */
  async submit(overrides: Partial<ClaimParts> = {}) {
    const member = this.members[this.next++]!;
    const client = new TestClient(this.app);
    await client.csrf();
    await client.authorizeOk('Standard', { noticeId: member.NoticeId!, pin: member.Pin! });
    return this.submitThrough(client, overrides);
  }

  /**
   * Submits a claim through `client`, a browser already authorized for the Standard form, with
   * `overrides` replacing parts of it.
   */
  async submitThrough(client: TestClient, overrides: Partial<ClaimParts> = {}) {
    const { textParts, contextClientIds } = claimTextParts(this.configs, 'Standard', {
      reCaptchaResponse: await client.captchaToken(),
      claimantInfo: validClaimantInfo(),
      claimDetails: this.details(),
      signature: validSignature(),
      claimTransactions: [validClaimTransaction()],
      documents: [{ name: 'invoice-june.pdf', bytes: SAMPLE_PDF, type: 'application/pdf' }],
      ...overrides,
    });
    return client.submit('Standard', textParts, [
      { clientId: contextClientIds[0]!, bytes: SAMPLE_PDF, type: 'application/pdf' },
    ]);
  }
}
