import { PAYMENT_STATUSES } from '../payments/schemas.js';
import { REFUND_STATUSES } from '../refunds/schemas.js';
import { PAYOUT_STATUSES } from '../payouts/schemas.js';
import { APPLICATION_STATUSES, REPRESENTATIVE_STATUSES } from '../onboarding/schemas.js';
import { DELIVERY_STATUSES } from '../events/schemas.js';
import { SCENARIO_STATUSES } from '../sandbox/scenarios.js';
import type { AreaTexts } from './texts.js';

/**
 * Every status the dashboard shows in a badge or a filter: those the API gives payments, refunds,
 * payouts, onboarding applications and their representatives, webhook deliveries, and the marks the
 * sandbox scenarios report. A value shared by several objects (initiated, completed, succeeded) has
 * one text.
 */
export const API_STATUSES = [
  ...new Set([...PAYMENT_STATUSES, ...REFUND_STATUSES, ...PAYOUT_STATUSES, ...APPLICATION_STATUSES, ...REPRESENTATIVE_STATUSES, ...DELIVERY_STATUSES, ...SCENARIO_STATUSES]),
];
export type ApiStatus = (typeof API_STATUSES)[number];

/** The key of a status's text: `status_captured`. */
export const statusKey = (status: string) => `status_${status}`;

type StatusTexts = Record<`status_${ApiStatus}`, string>;

const en: StatusTexts = {
  status_initiated: 'Initiated',
  status_started: 'Started',
  status_authorized: 'Authorized',
  status_captured: 'Captured',
  status_completed: 'Completed',
  status_declined: 'Declined',
  status_not_completed: 'Not completed',
  status_authentication_failed: 'Authentication failed',
  status_canceled: 'Canceled',
  status_in_transit: 'In transit',
  status_paid: 'Paid',
  status_in_progress: 'In progress',
  status_submitted: 'Submitted',
  status_succeeded: 'Succeeded',
  status_action_required: 'Action required',
  status_awaiting_documents: 'Awaiting documents',
  status_pending: 'Pending',
  status_failed: 'Failed',
  status_created: 'Created',
  status_moved: 'Moved forward',
};

/** The statuses' texts, in the words of payment professionals (German: the hosted page's "abgebrochen" for canceled). */
export const statusTexts: AreaTexts<StatusTexts> = {
  en,
  de: {
    status_initiated: 'Angelegt',
    status_started: 'Begonnen',
    status_authorized: 'Autorisiert',
    status_captured: 'Eingezogen',
    status_completed: 'Abgeschlossen',
    status_declined: 'Abgelehnt',
    status_not_completed: 'Nicht abgeschlossen',
    status_authentication_failed: 'Authentifizierung fehlgeschlagen',
    status_canceled: 'Abgebrochen',
    status_in_transit: 'Unterwegs',
    status_paid: 'Ausgezahlt',
    status_in_progress: 'In Bearbeitung',
    status_submitted: 'Eingereicht',
    status_succeeded: 'Erfolgreich',
    status_action_required: 'Handlungsbedarf',
    status_awaiting_documents: 'Dokumente ausstehend',
    status_pending: 'Ausstehend',
    status_failed: 'Fehlgeschlagen',
    status_created: 'Angelegt',
    status_moved: 'Vorgestellt',
  },
  es: {
    status_initiated: 'Iniciado',
    status_started: 'Comenzado',
    status_authorized: 'Autorizado',
    status_captured: 'Capturado',
    status_completed: 'Completado',
    status_declined: 'Rechazado',
    status_not_completed: 'No completado',
    status_authentication_failed: 'Autenticación fallida',
    status_canceled: 'Cancelado',
    status_in_transit: 'En tránsito',
    status_paid: 'Pagado',
    status_in_progress: 'En curso',
    status_submitted: 'Enviado',
    status_succeeded: 'Con éxito',
    status_action_required: 'Acción necesaria',
    status_awaiting_documents: 'Pendiente de documentos',
    status_pending: 'Pendiente',
    status_failed: 'Fallido',
    status_created: 'Creado',
    status_moved: 'Adelantado',
  },
};
