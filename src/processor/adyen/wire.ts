/**
 * The parts of Adyen's Checkout API v71 wire format this adapter sends and reads (the full schemas
 * are in Adyen's CheckoutService-v71.yaml; the contract test checks these against it).
 */
export interface AdyenAmount {
  value: number;
  currency: string;
}

export interface AdyenBrowserInfo {
  acceptHeader: string;
  colorDepth: number;
  javaEnabled: boolean;
  javaScriptEnabled: boolean;
  language: string;
  screenHeight: number;
  screenWidth: number;
  timeZoneOffset: number;
  userAgent: string;
}

export type AdyenPaymentMethod =
  | { type: 'scheme'; number: string; expiryMonth: string; expiryYear: string; cvc: string; holderName?: string }
  | { type: 'scheme'; storedPaymentMethodId: string }
  | { type: 'sepadirectdebit'; iban: string; ownerName: string };

export type AdyenRecurringProcessingModel = 'CardOnFile' | 'Subscription' | 'UnscheduledCardOnFile';

export interface AdyenPaymentRequest {
  merchantAccount: string;
  reference: string;
  amount: AdyenAmount;
  paymentMethod: AdyenPaymentMethod;
  returnUrl: string;
  channel?: 'Web';
  browserInfo?: AdyenBrowserInfo;
  shopperIP?: string;
  shopperEmail?: string;
  shopperInteraction?: 'Ecommerce' | 'ContAuth';
  shopperReference?: string;
  storePaymentMethod?: boolean;
  recurringProcessingModel?: AdyenRecurringProcessingModel;
}

export type AdyenResultCode =
  | 'AuthenticationFinished' | 'AuthenticationNotRequired' | 'Authorised' | 'Cancelled' | 'ChallengeShopper' | 'Error'
  | 'IdentifyShopper' | 'PartiallyAuthorised' | 'Pending' | 'PresentToShopper' | 'Received' | 'RedirectShopper' | 'Refused' | 'Success';

export interface AdyenAction {
  type: string;
  method?: string;
  url?: string;
  data?: Record<string, string>;
  paymentMethodType?: string;
}

/** The answer of /payments and of /payments/details. */
export interface AdyenPaymentResponse {
  pspReference?: string;
  resultCode?: AdyenResultCode;
  merchantReference?: string;
  refusalReason?: string;
  refusalReasonCode?: string;
  action?: AdyenAction;
  additionalData?: Record<string, string>;
}

export interface AdyenPaymentDetailsRequest {
  details: Record<string, string>;
}

export interface AdyenRefundRequest {
  merchantAccount: string;
  reference: string;
  amount: AdyenAmount;
}

export interface AdyenRefundResponse {
  merchantAccount: string;
  paymentPspReference: string;
  pspReference: string;
  reference?: string;
  status: 'received';
  amount: AdyenAmount;
}

/** Adyen's error body (ServiceError). */
export interface AdyenServiceError {
  status?: number;
  errorCode?: string;
  message?: string;
  errorType?: string;
  pspReference?: string;
}

/** One item of a standard webhook (NotificationRequestItem); the fields are strings on the wire, `success` included. */
export interface AdyenNotificationItem {
  pspReference: string;
  originalReference?: string;
  merchantAccountCode: string;
  merchantReference: string;
  amount: AdyenAmount;
  eventCode: string;
  eventDate: string;
  success: string;
  reason?: string;
  paymentMethod?: string;
  additionalData?: Record<string, string>;
}

export interface AdyenNotificationBody {
  live: string;
  notificationItems: { NotificationRequestItem: AdyenNotificationItem }[];
}
