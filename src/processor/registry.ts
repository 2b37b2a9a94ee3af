import type { Config, Environment } from '../core/config.js';
import { ENVIRONMENTS } from '../core/config.js';
import type { PayoutRail } from '../payouts/sepa-file/config.js';
import type { CardAcquirer, DirectDebitProvider, NotificationReader, PartnerName, PayoutProvider, ProcessorName } from './boundary.js';

/** An adapter as one environment uses it: the capabilities it offers. */
export interface ProcessorAdapter {
  name: PartnerName;
  cards?: CardAcquirer;
  directDebit?: DirectDebitProvider;
  payouts?: PayoutProvider;
}

/** Makes an adapter for an environment; each adapter folder exports one. */
export type AdapterFactory = (environment: Environment) => ProcessorAdapter;

/** The capabilities chosen separately: an operator may run one partner's cards with another's SEPA Direct Debit. */
export type Capability = 'cards' | 'directDebit';

/**
 * The partners of each environment, chosen by configuration (PROCESSOR, LIVE_PROCESSOR,
 * SANDBOX_PROCESSOR for cards; SEPA_PROCESSOR and its LIVE_/SANDBOX_ forms for SEPA Direct Debit):
 * features ask for "the card acquirer of this environment" (or of the partner that took a payment)
 * and never name one. Payouts go by each environment's payout rail (PAYOUT_RAIL…): the simulator's,
 * or pain.001 files for the operator's bank (sepa_file).
 */
export class Processors {
  private readonly adapters = new Map<string, ProcessorAdapter>();

  constructor(
    private readonly choice: Record<Capability, Record<Environment, ProcessorName>>,
    private readonly payoutRails: Record<Environment, PayoutRail>,
    factories: Partial<Record<PartnerName, AdapterFactory>>,
    /** Each adapter's notification route (`POST /processor/<name>/notifications`). */
    readonly notificationReaders: Partial<Record<ProcessorName, NotificationReader>>,
  ) {
    for (const environment of ENVIRONMENTS) {
      for (const [name, factory] of Object.entries(factories)) this.adapters.set(`${environment}:${name}`, factory(environment));
    }
  }

  /** The partner taking the environment's new payments of a capability. */
  chosen(environment: Environment, capability: Capability = 'cards'): ProcessorName {
    return this.choice[capability][environment];
  }

  private adapter(environment: Environment, name: PartnerName): ProcessorAdapter {
    const adapter = this.adapters.get(`${environment}:${name}`);
    if (!adapter) throw new Error(`the ${name} processor is not configured in this process`);
    return adapter;
  }

  cards(environment: Environment, name: ProcessorName = this.chosen(environment, 'cards')): CardAcquirer {
    const { cards } = this.adapter(environment, name);
    if (!cards) throw new Error(`the ${name} processor takes no cards`);
    return cards;
  }

  /** Whether the environment's new payments can be taken by SEPA Direct Debit (its partner offers it). */
  takesDirectDebit(environment: Environment): boolean {
    return this.adapter(environment, this.chosen(environment, 'directDebit')).directDebit !== undefined;
  }

  directDebit(environment: Environment, name: ProcessorName = this.chosen(environment, 'directDebit')): DirectDebitProvider {
    const { directDebit } = this.adapter(environment, name);
    if (!directDebit) throw new Error(`the ${name} processor takes no SEPA Direct Debit`);
    return directDebit;
  }

  /** The environment's payout rail. */
  payouts(environment: Environment): PayoutProvider {
    const name = this.payoutRails[environment];
    const { payouts } = this.adapter(environment, name);
    if (!payouts) throw new Error(`the ${name} adapter pays no payouts`);
    return payouts;
  }
}

/** Whether any environment's payments (cards or SEPA Direct Debit) go to this partner. */
export function usedProcessor(config: Config, name: ProcessorName): boolean {
  return ENVIRONMENTS.some((environment) => config.processors[environment] === name || config.sepaProcessors[environment] === name);
}
