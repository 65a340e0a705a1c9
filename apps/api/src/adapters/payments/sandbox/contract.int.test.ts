import { sql } from '../../../db/orm.ts';
import { createTestDatabase, type TTestDatabase, testDatabases } from '../../../testing/test-app.ts';
import { gatewayContract } from '../contract/gateway-contract.ts';
import { createSandboxGateway } from './adapter.ts';

const OUTCOME = { approve: 'apro', decline: 'rej', review: 'pend' } as const;

for (const kind of testDatabases())
  gatewayContract('sandbox', { usd: true, webhooks: false }, async () => {
    const test: TTestDatabase = await createTestDatabase(kind);
    const db = test.database.db;
    const gateway = createSandboxGateway(
      db,
      { key: 'pagamentos@bilheto.com.br', merchantName: 'Bilheto', merchantCity: 'Sao Paulo' },
      3600,
      299,
    );
    let loseNext = false;
    const chargeCard = gateway.chargeCard;
    return {
      // The sandbox is in-process, so a lost answer is the charge made and then the call failing.
      gateway: {
        ...gateway,
        async chargeCard(input) {
          const result = await chargeCard(input);
          if (loseNext) {
            loseNext = false;
            throw new Error('the answer was lost');
          }
          return result;
        },
      },
      // What sandbox-card-form.js makes in the browser from a test card (no number leaves it).
      cardToken: async (outcome) => ({ token: `sbx_${OUTCOME[outcome]}_visa_1111_${'a'.repeat(16)}` }),
      async settle(ref, to) {
        if (to === 'approved' && !(await gateway.payPix(ref))?.status.startsWith('approved'))
          await db.execute(
            sql`update sandbox_charges set status = 'approved', status_detail = 'accredited' where id = ${ref} and status = 'in_process'`,
          );
        if (to === 'expired')
          await db.execute(
            sql`update sandbox_charges set status = 'expired', status_detail = 'expired' where id = ${ref} and status = 'pending'`,
          );
      },
      loseNextAnswer: () => {
        loseNext = true;
      },
      close: () => test.drop(),
    };
  });
