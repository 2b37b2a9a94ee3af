/**
 * Generated from the server's /openapi.json by `npm run client:types` (at the repository root).
 * Do not edit: regenerate instead.
 */

export interface paths {
    "/oauth/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Issue an access token (OAuth 2.0 client credentials)
         * @description JSON or application/x-www-form-urlencoded; client credentials in the body or in HTTP Basic.
         */
        post: operations["postOauthToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/jwks.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Public keys that sign access tokens */
        get: operations["getWellKnownJwksJson"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/oauth-authorization-server": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Authorization server metadata (RFC 8414) */
        get: operations["getWellKnownOauthAuthorizationServer"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List payments, newest first */
        get: operations["getPayments"];
        put?: never;
        /** Initiate a payment paid on the hosted payment page */
        post: operations["postPayments"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payments/authorize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Authorize a merchant-initiated payment with the credential of a succeeded initial payment
         * @description Status is the final result for cards (captured or declined) and authorized for SEPA Direct Debit (completed when the collection settles).
         */
        post: operations["postPaymentsAuthorize"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payments/{payment_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a payment */
        get: operations["getPaymentsByPaymentId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payments/{payment_id}/qr-code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** QR code (PNG) of the hosted payment page */
        get: operations["getPaymentsByPaymentIdQrCode"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/refunds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List refunds, newest first, optionally of one payment */
        get: operations["getRefunds"];
        put?: never;
        /**
         * Refund a payment, in full or from chosen creditors
         * @description Without routing the whole payment is refunded (409 once anything was refunded). With routing each part is at most that party's refundable_amount (422). The processing fee is returned in proportion to the amount refunded.
         */
        post: operations["postRefunds"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/refunds/{refund_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a refund */
        get: operations["getRefundsByRefundId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/platform/payout-account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read the platform's own payout account (masked) and whether the bank refused it */
        get: operations["getPlatformPayoutAccount"];
        /** Set the platform's own payout account: where its share of the payments is paid out */
        put: operations["putPlatformPayoutAccount"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payouts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the payouts that carry transfers of a payment, newest first */
        get: operations["getPayouts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payouts/{payout_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a payout: the transfers on one bank-statement line */
        get: operations["getPayoutsByPayoutId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the platform account and its merchant accounts */
        get: operations["getAccounts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accounts/{account_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read an account */
        get: operations["getAccountsByAccountId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accounts/{account_id}/branding": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read an account's branding for the hosted pages */
        get: operations["getAccountsByAccountIdBranding"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Set an account's branding: name shown, colours, logo, the payment page's format */
        patch: operations["patchAccountsByAccountIdBranding"];
        trace?: never;
    };
    "/applications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List applications, newest first */
        get: operations["getApplications"];
        put?: never;
        /** Initiate the onboarding of a merchant: the application, its merchant account and an onboarding link */
        post: operations["postApplications"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/applications/{application_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read an application */
        get: operations["getApplicationsByApplicationId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/applications/{application_id}/link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A new onboarding link (24 hours); the previous one stops working */
        post: operations["postApplicationsByApplicationIdLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List documents, newest first */
        get: operations["getV2Documents"];
        put?: never;
        /**
         * Upload a document
         * @description multipart/form-data: a text part type, optional tags parts, and a file part whose Content-Type matches the file. At most 10 MB.
         */
        post: operations["postV2Documents"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/documents/{document_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read document metadata */
        get: operations["getV2DocumentsByDocumentId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/documents/{document_id}/content": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download the file */
        get: operations["getV2DocumentsByDocumentIdContent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List events, newest first */
        get: operations["getEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A live stream of this platform's events (server-sent events), resumable with Last-Event-ID
         * @description Each event as its webhook payload, oldest first. Without Last-Event-ID the stream starts now; with it, what came after that event is sent first. At most 5 streams per client at once (429 beyond).
         */
        get: operations["getEventsStream"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events/{event_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read an event with its deliveries and attempts */
        get: operations["getEventsByEventId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events/{event_id}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Deliver the event again now */
        post: operations["postEventsByEventIdRedeliver"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The webhook signing secret */
        get: operations["getWebhookSecret"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook-secret/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Rotate the signing secret; the previous one keeps signing for 24 h */
        post: operations["postWebhookSecretRotate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reference/countries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * ISO 3166-1 countries with calling code and EEA membership
         * @description Public, no token. Answers carry ETag and Cache-Control; If-None-Match with the current ETag gives 304.
         */
        get: operations["getReferenceCountries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reference/merchant-category-codes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * ISO 18245 merchant category codes, named in English, German or Spanish
         * @description Public, no token. Answers carry ETag and Cache-Control; If-None-Match with the current ETag gives 304. The language parameter, else Accept-Language, chooses the names (Content-Language; Vary: Accept-Language).
         */
        get: operations["getReferenceMerchantCategoryCodes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reference/district-courts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Local courts keeping commercial registers (German Registergerichte)
         * @description Public, no token. Answers carry ETag and Cache-Control; If-None-Match with the current ETag gives 304. A country_code that is not an ISO 3166-1 alpha-2 code is 400; a country without such courts gives [].
         */
        get: operations["getReferenceDistrictCourts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reference/business-types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Business types and their legal structures in a country
         * @description Public, no token. Answers carry ETag and Cache-Control; If-None-Match with the current ETag gives 304. A country_code that is not an ISO 3166-1 alpha-2 code (uppercase) is 404.
         */
        get: operations["getReferenceBusinessTypes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/simulations/applications/{application_id}/decision": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Decide the compliance checks of a submitted application now (sandbox only) */
        post: operations["postSandboxSimulationsApplicationsByApplicationIdDecision"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/simulations/clock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This platform's sandbox clock
         * @description Each platform has its own sandbox clock: real time plus the advances this platform made. A new platform starts at real time.
         */
        get: operations["getSandboxSimulationsClock"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/simulations/clock/advance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move this platform's sandbox clock forward; everything of this platform that comes due (settlements, refunds, payouts sent, compliance) runs before the answer
         * @description Each platform has its own sandbox clock: this moves the calling platform's alone, and never another platform's objects, jobs or webhook retries. This platform's webhook deliveries and retries are scheduled on it too: those falling due within the time moved over are attempted by the delivery workers right after the answer, one after the other, each recorded at the time it fell due. The daily payout cut-off runs on real time; POST /simulations/payouts/run pays out now.
         */
        post: operations["postSandboxSimulationsClockAdvance"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/simulations/webhook-faults": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This platform's webhook faults
         * @description Sandbox only, this platform's alone, off until set: the share of its webhook deliveries sent twice (duplicate_ratio), held back within a window so that they arrive out of order (reorder_ratio, reorder_window_seconds), or sent late (delay_ratio, delay_seconds), to prove a webhook handler idempotent and order-independent. Every such delivery is signed like any other and its attempts are marked `injected` in GET /events/{event_id}. Times are on the platform's sandbox clock.
         */
        get: operations["getSandboxSimulationsWebhookFaults"];
        /**
         * Set this platform's webhook faults (a field left out is 0: that fault off)
         * @description Sandbox only, this platform's alone, off until set: the share of its webhook deliveries sent twice (duplicate_ratio), held back within a window so that they arrive out of order (reorder_ratio, reorder_window_seconds), or sent late (delay_ratio, delay_seconds), to prove a webhook handler idempotent and order-independent. Every such delivery is signed like any other and its attempts are marked `injected` in GET /events/{event_id}. Times are on the platform's sandbox clock.
         */
        put: operations["putSandboxSimulationsWebhookFaults"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/simulations/payouts/run": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Pay out this platform's due transfers now instead of at the cut-off */
        post: operations["postSandboxSimulationsPayoutsRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/simulations/refunds/{refund_id}/complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Complete a refund now (it reached the buyer) */
        post: operations["postSandboxSimulationsRefundsByRefundIdComplete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/simulations/payments/{payment_id}/buyer-refund": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The buyer's bank takes money back from a completed SEPA Direct Debit payment */
        post: operations["postSandboxSimulationsPaymentsByPaymentIdBuyerRefund"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/simulations/payments/{payment_id}/schedule": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What happens next to this payment, and when
         * @description The scheduled work of this object on the sandbox clock, soonest first, with the time left: what moving the clock by that much (or the shortcut) makes happen.
         */
        get: operations["getSandboxSimulationsPaymentsByPaymentIdSchedule"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/simulations/refunds/{refund_id}/schedule": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What happens next to this refund, and when
         * @description The scheduled work of this object on the sandbox clock, soonest first, with the time left: what moving the clock by that much (or the shortcut) makes happen.
         */
        get: operations["getSandboxSimulationsRefundsByRefundIdSchedule"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/simulations/payouts/{payout_id}/schedule": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What happens next to this payout, and when
         * @description The scheduled work of this object on the sandbox clock, soonest first, with the time left: what moving the clock by that much (or the shortcut) makes happen.
         */
        get: operations["getSandboxSimulationsPayoutsByPayoutIdSchedule"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/simulations/applications/{application_id}/schedule": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What happens next to this application, and when
         * @description The scheduled work of this object on the sandbox clock, soonest first, with the time left: what moving the clock by that much (or the shortcut) makes happen.
         */
        get: operations["getSandboxSimulationsApplicationsByApplicationIdSchedule"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/simulations/payments/{payment_id}/expire": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Expire an open payment now (canceled), as its expiry would
         * @description A payment not open (or with an authorization in flight) is 409.
         */
        post: operations["postSandboxSimulationsPaymentsByPaymentIdExpire"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/simulations/payments/{payment_id}/settle": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Settle a SEPA Direct Debit payment's collection now (completed), as the bank's report would
         * @description Only an authorized SEPA Direct Debit payment whose collection is not reported yet; otherwise 409.
         */
        post: operations["postSandboxSimulationsPaymentsByPaymentIdSettle"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/simulations/payments/{payment_id}/return": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Return a SEPA Direct Debit payment's collection unpaid now (not_completed, insufficient_funds), as the bank's report would
         * @description Only an authorized SEPA Direct Debit payment whose collection is not reported yet; otherwise 409.
         */
        post: operations["postSandboxSimulationsPaymentsByPaymentIdReturn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/simulations/refunds/{refund_id}/fail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Fail a refund now (refused by the issuer), as the processor's report would: the amounts go back to each party
         * @description Only a refund under way (initiated); otherwise 409.
         */
        post: operations["postSandboxSimulationsRefundsByRefundIdFail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/payout-files": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the pain.001 payout files, newest first */
        get: operations["getOperatorPayoutFiles"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/payout-files/{file_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download a pain.001 payout file (its XML), to hand to the bank */
        get: operations["getOperatorPayoutFilesByFileId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/bank-statements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Import a camt.053 statement of the operator's account: payouts booked or returned, other entries kept as exceptions */
        post: operations["postOperatorBankStatements"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/bank-statement-exceptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Statement entries kept for the operator (matching no payout, or not its amount), newest first */
        get: operations["getOperatorBankStatementExceptions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness: the process answers */
        get: operations["getHealthz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness: the database answers */
        get: operations["getReadyz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Prometheus metrics */
        get: operations["getMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/simulator/3ds/{challenge_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** 3-D Secure challenge page (simulator) */
        get: operations["getSimulator3dsByChallengeId"];
        put?: never;
        /** Answer the challenge (simulator); redirects back to the payment page */
        post: operations["postSimulator3dsByChallengeId"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/simulator/bank": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Bank account verification page (simulator) */
        get: operations["getSimulatorBank"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/simulator/bank/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Verify the account (simulator); redirects to the account-verification callback */
        post: operations["postSimulatorBankVerify"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/brand-logos/{document_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A logo the pages show */
        get: operations["getBrandLogosByDocumentId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/hpp/payments/{payment_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The payment as the page shows it */
        get: operations["getHppPaymentsByPaymentId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/hpp/payments/{payment_id}/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The buyer reached the page (optionally choosing a method) */
        post: operations["postHppPaymentsByPaymentIdStart"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/hpp/payments/{payment_id}/tokenize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Exchange card details for a single-use token (15 minutes) */
        post: operations["postHppPaymentsByPaymentIdTokenize"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/hpp/payments/{payment_id}/authorize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Authorize a card payment with a token */
        post: operations["postHppPaymentsByPaymentIdAuthorize"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/hpp/payments/{payment_id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The buyer cancels */
        post: operations["postHppPaymentsByPaymentIdCancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/hpp/callbacks/3ds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** 3-D Secure result, called by the 3-D Secure server */
        post: operations["postHppCallbacks3ds"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/hpp/payments/{payment_id}/mandate-requirements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What the SEPA mandate needs ({} for other methods) */
        get: operations["getHppPaymentsByPaymentIdMandateRequirements"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/hpp/payments/{payment_id}/mandate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign the SEPA mandate: the payment is authorized */
        post: operations["postHppPaymentsByPaymentIdMandate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/hpp/callbacks/account-verification": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Bank account verification result (AIS); redirects the buyer back to the page */
        get: operations["getHppCallbacksAccountVerification"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/smo/application": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The application as the applicant sees it (the first read emits application_started) */
        get: operations["getSmoApplication"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/merchants/application": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The application as the applicant sees it (the first read emits application_started) */
        get: operations["getMerchantsApplication"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/smo/application/confirm-applicant": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Confirm the applicant */
        post: operations["postSmoApplicationConfirmApplicant"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/smo/application/applicant": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Update the applicant's details */
        patch: operations["patchSmoApplicationApplicant"];
        trace?: never;
    };
    "/smo/application/business-type": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Confirm the business type, structure and country */
        post: operations["postSmoApplicationBusinessType"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/smo/application/business-profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Update the business profile */
        put: operations["putSmoApplicationBusinessProfile"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/smo/application/representatives": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add a representative */
        post: operations["postSmoApplicationRepresentatives"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/smo/application/representatives/{representative_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Replace a representative's details */
        put: operations["putSmoApplicationRepresentativesByRepresentativeId"];
        post?: never;
        /** Delete a representative */
        delete: operations["deleteSmoApplicationRepresentativesByRepresentativeId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/smo/application/documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload an identity document of the applicant (with its side) or a document of the application
         * @description multipart/form-data: a file part, a text part type (or purpose) and, for identity documents, side. JPEG, PNG or PDF by content, at most 4 MB.
         */
        post: operations["postSmoApplicationDocuments"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/smo/application/documents/{document_id}/content": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download an uploaded document (its preview in the hosted onboarding page) */
        get: operations["getSmoApplicationDocumentsByDocumentIdContent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/smo/application/documents/{document_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete an uploaded document */
        delete: operations["deleteSmoApplicationDocumentsByDocumentId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/smo/application/confirm-representatives": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** State that all representatives were added */
        post: operations["postSmoApplicationConfirmRepresentatives"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/smo/application/payout-account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Update the payout account */
        put: operations["putSmoApplicationPayoutAccount"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/smo/application/submit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Submit the application; no change is possible afterwards */
        post: operations["postSmoApplicationSubmit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/smo/application/field-configuration/{step}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Dynamic field configuration of a step (business-profile only); null hides a field */
        get: operations["getSmoApplicationFieldConfigurationByStep"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    payment_succeeded: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A payment was captured (card) or completed (SEPA)
         * @description Sent to the webhook URL of the object the event is about; any 2xx answer within 10 seconds acknowledges it, anything else is retried.
         */
        post: operations["webhook_payment_succeeded"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    payment_failed: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A payment was declined, or a SEPA collection not completed
         * @description Sent to the webhook URL of the object the event is about; any 2xx answer within 10 seconds acknowledges it, anything else is retried.
         */
        post: operations["webhook_payment_failed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    payment_authentication_failed: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The buyer failed 3-D Secure (or the bank's account verification)
         * @description Sent to the webhook URL of the object the event is about; any 2xx answer within 10 seconds acknowledges it, anything else is retried.
         */
        post: operations["webhook_payment_authentication_failed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    transfer_started: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A payment's transfer to an account started
         * @description Sent to the webhook URL of the object the event is about; any 2xx answer within 10 seconds acknowledges it, anything else is retried.
         */
        post: operations["webhook_transfer_started"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    transfer_updated: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A transfer was included in a payout
         * @description Sent to the webhook URL of the object the event is about; any 2xx answer within 10 seconds acknowledges it, anything else is retried.
         */
        post: operations["webhook_transfer_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    transfer_completed: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A transfer's payout was paid
         * @description Sent to the webhook URL of the object the event is about; any 2xx answer within 10 seconds acknowledges it, anything else is retried.
         */
        post: operations["webhook_transfer_completed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    refund_initiated: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A refund was created
         * @description Sent to the webhook URL of the object the event is about; any 2xx answer within 10 seconds acknowledges it, anything else is retried.
         */
        post: operations["webhook_refund_initiated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    refund_initiated_from_buyer: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The buyer had the payment refunded (a chargeback or a SEPA return)
         * @description Sent to the webhook URL of the object the event is about; any 2xx answer within 10 seconds acknowledges it, anything else is retried.
         */
        post: operations["webhook_refund_initiated_from_buyer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    transfer_received_from_creditor: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A refund took money back from a merchant's transfer
         * @description Sent to the webhook URL of the object the event is about; any 2xx answer within 10 seconds acknowledges it, anything else is retried.
         */
        post: operations["webhook_transfer_received_from_creditor"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    refund_completed: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A refund was paid back to the buyer
         * @description Sent to the webhook URL of the object the event is about; any 2xx answer within 10 seconds acknowledges it, anything else is retried.
         */
        post: operations["webhook_refund_completed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    refund_failed: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The processor reported a refund failed: its amount is refundable again
         * @description Sent to the webhook URL of the object the event is about; any 2xx answer within 10 seconds acknowledges it, anything else is retried.
         */
        post: operations["webhook_refund_failed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    payment_charged_back: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The buyer's bank took the payment's money back (a card chargeback, a SEPA return), `amount_minor` as the processor reports it: booked as the buyer's refund `refund_id`, of what was left to refund (null when nothing was)
         * @description Sent to the webhook URL of the object the event is about; any 2xx answer within 10 seconds acknowledges it, anything else is retried.
         */
        post: operations["webhook_payment_charged_back"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    payout_failed: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The bank sent a payout back: its transfers wait for the next payout (an event of this product, not of the specification)
         * @description Sent to the webhook URL of the object the event is about; any 2xx answer within 10 seconds acknowledges it, anything else is retried.
         */
        post: operations["webhook_payout_failed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    application_started: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The merchant opened the onboarding link
         * @description Sent to the webhook URL of the object the event is about; any 2xx answer within 10 seconds acknowledges it, anything else is retried.
         */
        post: operations["webhook_application_started"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    application_submitted: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The merchant submitted the application
         * @description Sent to the webhook URL of the object the event is about; any 2xx answer within 10 seconds acknowledges it, anything else is retried.
         */
        post: operations["webhook_application_submitted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    application_succeeded: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The application was accepted
         * @description Sent to the webhook URL of the object the event is about; any 2xx answer within 10 seconds acknowledges it, anything else is retried.
         */
        post: operations["webhook_application_succeeded"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    application_action_required: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The application needs corrections by the merchant
         * @description Sent to the webhook URL of the object the event is about; any 2xx answer within 10 seconds acknowledges it, anything else is retried.
         */
        post: operations["webhook_application_action_required"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /** @description RFC 9457 problem details */
        Problem: {
            /** Format: uri */
            type: string;
            title: string;
            status: number;
            detail: string;
            /** @enum {string} */
            code: "validation_error" | "malformed_request" | "invalid_cursor" | "invalid_request" | "invalid_scope" | "unsupported_grant_type" | "invalid_client" | "unauthenticated" | "invalid_token" | "insufficient_scope" | "not_found" | "route_not_found" | "method_not_allowed" | "request_timeout" | "conflict" | "idempotency_in_flight" | "gone" | "payload_too_large" | "unsupported_media_type" | "business_rule" | "idempotency_key_reused" | "rate_limited" | "headers_too_large" | "internal_error" | "service_unavailable";
            trace_id: string;
            errors?: {
                /** @description JSON Pointer to the bad field */
                pointer: string;
                /**
                 * @description What is wrong, stable: word it in your language by this code, not by detail
                 * @enum {string}
                 */
                code: "required" | "not_allowed" | "wrong_type" | "not_one_of" | "too_short" | "too_long" | "too_small" | "too_large" | "too_few_items" | "too_many_items" | "duplicate_items" | "pattern_mismatch" | "invalid" | "invalid_text" | "invalid_country" | "invalid_currency" | "invalid_email" | "invalid_hex_color" | "invalid_ipv4" | "invalid_date" | "invalid_date_time" | "invalid_card_number" | "invalid_cvv" | "invalid_uri" | "invalid_name" | "invalid_plain_line" | "invalid_plain_text" | "given_twice" | "length_out_of_range" | "too_young" | "postcode_invalid" | "currency_not_supported" | "file_rejected" | "invalid_cursor" | "url_not_allowed" | "https_required" | "scope_not_allowed" | "logo_unusable" | "country_mismatch" | "vat_number_malformed" | "vat_number_prefix" | "vat_number_format" | "vat_number_check_digits" | "registration_code_mismatch" | "registration_number_format" | "district_court_unknown" | "mcc_unknown" | "phone_invalid" | "iban_country" | "iban_length" | "iban_format" | "iban_checksum" | "iban_not_sepa" | "method_not_offered" | "card_expired" | "token_unusable" | "unknown_report" | "account_type_mismatch" | "amount_required" | "amounts_do_not_add_up" | "contributions_do_not_add_up" | "duplicate" | "unknown_merchant" | "fee_share_too_large" | "initial_payment_unusable" | "currency_mismatch" | "exceeds_refundable" | "nothing_to_refund" | "not_sepa_payment";
                detail: string;
                /** @description The values the code names, such as limit of too_long */
                params?: {
                    [key: string]: string | number;
                };
                /**
                 * @description Where the field is, when not in the body
                 * @enum {string}
                 */
                in?: "query" | "params" | "headers";
            }[];
            /** @description How many fields are invalid, present when errors lists only the first 50 */
            errors_total?: number;
            /** @description The RFC 6749 error code (token endpoint) or RFC 6750 error (invalid_token, insufficient_scope) */
            error?: string;
            error_description?: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    postOauthToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "grant_type": "client_credentials",
                 *       "client_id": "sandbox_3f2a9c1e5b7d40a1c2e3f4a5",
                 *       "client_secret": "secret_s4ndb0xS3cretF0rD0cs",
                 *       "audience": "https://api.payments.test/sandbox"
                 *     }
                 */
                "application/json": {
                    /**
                     * @description The only grant: client credentials
                     * @enum {string}
                     */
                    grant_type: "client_credentials";
                    /** @description Unless sent in HTTP Basic */
                    client_id?: string;
                    /** @description Unless sent in HTTP Basic */
                    client_secret?: string;
                    /**
                     * Format: uri
                     * @description The sandbox API base URL for a sandbox client, the live one for a live client
                     */
                    audience: string;
                    /** @description Space-separated scopes narrowing the client's; all of them when absent */
                    scope?: string;
                };
                /**
                 * @example {
                 *       "grant_type": "client_credentials",
                 *       "client_id": "sandbox_3f2a9c1e5b7d40a1c2e3f4a5",
                 *       "client_secret": "secret_s4ndb0xS3cretF0rD0cs",
                 *       "audience": "https://api.payments.test/sandbox"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /**
                     * @description The only grant: client credentials
                     * @enum {string}
                     */
                    grant_type: "client_credentials";
                    /** @description Unless sent in HTTP Basic */
                    client_id?: string;
                    /** @description Unless sent in HTTP Basic */
                    client_secret?: string;
                    /**
                     * Format: uri
                     * @description The sandbox API base URL for a sandbox client, the live one for a live client
                     */
                    audience: string;
                    /** @description Space-separated scopes narrowing the client's; all of them when absent */
                    scope?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        access_token: string;
                        /** @enum {string} */
                        token_type: "Bearer";
                        expires_in: number;
                        scope: string;
                    };
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown client or wrong secret (invalid_client) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is too large (JSON 1 MB, a document 10 MB, an onboarding file 4 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not of a content type this route takes (JSON in a charset other than UTF-8, too) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many token requests from this address; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getWellKnownJwksJson: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        keys: {
                            [key: string]: unknown;
                        }[];
                    };
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getWellKnownOauthAuthorizationServer: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        issuer: string;
                        token_endpoint: string;
                        jwks_uri: string;
                        grant_types_supported: string[];
                        token_endpoint_auth_methods_supported: string[];
                        token_endpoint_auth_signing_alg_values_supported: string[];
                        response_types_supported: string[];
                        scopes_supported: string[];
                    };
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getPayments: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100 */
                first?: number;
                /** @description The cursor of the previous page; opaque */
                after?: string;
                status?: "initiated" | "started" | "authorized" | "captured" | "completed" | "declined" | "not_completed" | "authentication_failed" | "canceled";
                reference?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            amount_minor: number;
                            currency: string;
                            /** Format: date-time */
                            initiated_at: string;
                            /** Format: date-time */
                            expires_at: string;
                            /** @enum {string} */
                            status: "initiated" | "started" | "authorized" | "captured" | "completed" | "declined" | "not_completed" | "authentication_failed" | "canceled";
                            payment_method: {
                                /** @enum {string} */
                                type: "card" | "sepa_direct_debit" | "user_selected";
                            };
                            processing_fee: {
                                amount_minor: number;
                                currency: string;
                            } | null;
                            routing: {
                                platform: {
                                    id: string;
                                    amount_minor: number;
                                    processing_fee_contribution: number;
                                    refundable_amount: number;
                                    transfer: {
                                        transfer_id: string;
                                        amount_minor: number;
                                        processing_fee: {
                                            amount_minor: number;
                                            currency: string;
                                        };
                                    } | null;
                                };
                                merchants: {
                                    id: string;
                                    /** @enum {string} */
                                    type: "seller" | "merchant";
                                    reference: string | null;
                                    amount_minor: number;
                                    processing_fee_contribution: number;
                                    refundable_amount: number;
                                    transfer: {
                                        transfer_id: string;
                                        amount_minor: number;
                                        processing_fee: {
                                            amount_minor: number;
                                            currency: string;
                                        };
                                    } | null;
                                }[];
                            };
                            succeeded: boolean;
                            reference: string;
                            description: string | null;
                            /** @enum {string} */
                            cit_mode: "one_off" | "initial" | "merchant_initiated";
                            initial_payment_id: string | null;
                            _links: {
                                self: {
                                    href: string;
                                };
                                hosted_page?: {
                                    href: string;
                                };
                                qr_code?: {
                                    href: string;
                                };
                            };
                        }[];
                        /** @description Pass as after to get the next page; absent on the last page */
                        cursor?: string;
                    };
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, expired, revoked or other-environment access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope payments:read */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postPayments: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body within 24 hours replays the first answer (Idempotent-Replayed: true) */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "amount_minor": 4990,
                 *       "currency": "EUR",
                 *       "reference": "order-42",
                 *       "description": "Concert ticket, row 7",
                 *       "payment_method": {
                 *         "type": "card"
                 *       },
                 *       "integration": {
                 *         "type": "hosted"
                 *       },
                 *       "urls": {
                 *         "redirect": "https://shop.example/return",
                 *         "webhook": "https://shop.example/webhooks"
                 *       },
                 *       "language": "en"
                 *     }
                 */
                "application/json": {
                    /** @description Integer amount in the minor unit of the currency (ISO 4217), at most 99999999; at least 1 unless cit_mode is initial (0 verifies a card) */
                    amount_minor: number;
                    /**
                     * Format: currency
                     * @enum {string}
                     */
                    currency: "AED" | "AFN" | "ALL" | "AMD" | "ANG" | "AOA" | "ARS" | "AUD" | "AWG" | "AZN" | "BAM" | "BBD" | "BDT" | "BGN" | "BHD" | "BIF" | "BMD" | "BND" | "BOB" | "BOV" | "BRL" | "BSD" | "BTN" | "BWP" | "BYN" | "BZD" | "CAD" | "CDF" | "CHE" | "CHF" | "CHW" | "CLF" | "CLP" | "CNY" | "COP" | "COU" | "CRC" | "CUC" | "CUP" | "CVE" | "CZK" | "DJF" | "DKK" | "DOP" | "DZD" | "EGP" | "ERN" | "ETB" | "EUR" | "FJD" | "FKP" | "GBP" | "GEL" | "GHS" | "GIP" | "GMD" | "GNF" | "GTQ" | "GYD" | "HKD" | "HNL" | "HTG" | "HUF" | "IDR" | "ILS" | "INR" | "IQD" | "IRR" | "ISK" | "JMD" | "JOD" | "JPY" | "KES" | "KGS" | "KHR" | "KMF" | "KPW" | "KRW" | "KWD" | "KYD" | "KZT" | "LAK" | "LBP" | "LKR" | "LRD" | "LSL" | "LYD" | "MAD" | "MDL" | "MGA" | "MKD" | "MMK" | "MNT" | "MOP" | "MRU" | "MUR" | "MVR" | "MWK" | "MXN" | "MXV" | "MYR" | "MZN" | "NAD" | "NGN" | "NIO" | "NOK" | "NPR" | "NZD" | "OMR" | "PAB" | "PEN" | "PGK" | "PHP" | "PKR" | "PLN" | "PYG" | "QAR" | "RON" | "RSD" | "RUB" | "RWF" | "SAR" | "SBD" | "SCR" | "SDG" | "SEK" | "SGD" | "SHP" | "SLE" | "SOS" | "SRD" | "SSP" | "STN" | "SVC" | "SYP" | "SZL" | "THB" | "TJS" | "TMT" | "TND" | "TOP" | "TRY" | "TTD" | "TWD" | "TZS" | "UAH" | "UGX" | "USD" | "USN" | "UYI" | "UYU" | "UYW" | "UZS" | "VED" | "VES" | "VND" | "VUV" | "WST" | "XAF" | "XAG" | "XAU" | "XBA" | "XBB" | "XBC" | "XBD" | "XCD" | "XDR" | "XOF" | "XPD" | "XPF" | "XPT" | "XSU" | "XTS" | "XUA" | "XXX" | "YER" | "ZAR" | "ZMW" | "ZWG";
                    payment_method?: {
                        /**
                         * @default user_selected
                         * @enum {string}
                         */
                        type: "card" | "sepa_direct_debit" | "user_selected";
                    };
                    /**
                     * Format: plain-line
                     * @description Never shown to buyers
                     */
                    reference: string;
                    /**
                     * Format: plain-line
                     * @description Shown on the hosted page
                     */
                    description?: string;
                    /**
                     * Format: plain-line
                     * @description Passed to the bank
                     */
                    remittance_info?: string;
                    integration: {
                        /** @enum {string} */
                        type: "hosted";
                        generate_qr_code?: boolean;
                    };
                    routing?: {
                        platform?: {
                            /** @description Integer amount in the minor unit of the currency (ISO 4217), at most 99999999 */
                            amount_minor: number;
                            /** @description Percentage of the processing fee this party bears */
                            processing_fee_contribution: number;
                        };
                        merchants?: {
                            /** @enum {string} */
                            type: "seller" | "merchant";
                            id: string;
                            /** Format: plain-line */
                            reference?: string;
                            /** @description Integer amount in the minor unit of the currency (ISO 4217), at most 99999999 */
                            amount_minor: number;
                            /** @description Percentage of the processing fee this party bears */
                            processing_fee_contribution: number;
                        }[];
                    };
                    urls: {
                        /** Format: uri */
                        redirect: string;
                        /** Format: uri */
                        webhook?: string;
                    };
                    /**
                     * @default one_off
                     * @enum {string}
                     */
                    cit_mode?: "one_off" | "initial";
                    /** @description Pre-fills the hosted payment page */
                    customer?: {
                        /** Format: name */
                        first_name?: string;
                        /** Format: name */
                        last_name?: string;
                        /** Format: email */
                        email?: string;
                        address?: {
                            /** Format: plain-line */
                            line1?: string;
                            /** Format: plain-line */
                            line2?: string;
                            /** @description House number */
                            number?: number;
                            /** Format: plain-line */
                            town_city?: string;
                            /** Format: plain-line */
                            state?: string;
                            /** Format: plain-line */
                            zip?: string;
                            /**
                             * Format: country
                             * @enum {string}
                             */
                            country?: "AD" | "AE" | "AF" | "AG" | "AI" | "AL" | "AM" | "AO" | "AQ" | "AR" | "AS" | "AT" | "AU" | "AW" | "AX" | "AZ" | "BA" | "BB" | "BD" | "BE" | "BF" | "BG" | "BH" | "BI" | "BJ" | "BL" | "BM" | "BN" | "BO" | "BQ" | "BR" | "BS" | "BT" | "BV" | "BW" | "BY" | "BZ" | "CA" | "CC" | "CD" | "CF" | "CG" | "CH" | "CI" | "CK" | "CL" | "CM" | "CN" | "CO" | "CR" | "CU" | "CV" | "CW" | "CX" | "CY" | "CZ" | "DE" | "DJ" | "DK" | "DM" | "DO" | "DZ" | "EC" | "EE" | "EG" | "EH" | "ER" | "ES" | "ET" | "FI" | "FJ" | "FK" | "FM" | "FO" | "FR" | "GA" | "GB" | "GD" | "GE" | "GF" | "GG" | "GH" | "GI" | "GL" | "GM" | "GN" | "GP" | "GQ" | "GR" | "GS" | "GT" | "GU" | "GW" | "GY" | "HK" | "HM" | "HN" | "HR" | "HT" | "HU" | "ID" | "IE" | "IL" | "IM" | "IN" | "IO" | "IQ" | "IR" | "IS" | "IT" | "JE" | "JM" | "JO" | "JP" | "KE" | "KG" | "KH" | "KI" | "KM" | "KN" | "KP" | "KR" | "KW" | "KY" | "KZ" | "LA" | "LB" | "LC" | "LI" | "LK" | "LR" | "LS" | "LT" | "LU" | "LV" | "LY" | "MA" | "MC" | "MD" | "ME" | "MF" | "MG" | "MH" | "MK" | "ML" | "MM" | "MN" | "MO" | "MP" | "MQ" | "MR" | "MS" | "MT" | "MU" | "MV" | "MW" | "MX" | "MY" | "MZ" | "NA" | "NC" | "NE" | "NF" | "NG" | "NI" | "NL" | "NO" | "NP" | "NR" | "NU" | "NZ" | "OM" | "PA" | "PE" | "PF" | "PG" | "PH" | "PK" | "PL" | "PM" | "PN" | "PR" | "PS" | "PT" | "PW" | "PY" | "QA" | "RE" | "RO" | "RS" | "RU" | "RW" | "SA" | "SB" | "SC" | "SD" | "SE" | "SG" | "SH" | "SI" | "SJ" | "SK" | "SL" | "SM" | "SN" | "SO" | "SR" | "SS" | "ST" | "SV" | "SX" | "SY" | "SZ" | "TC" | "TD" | "TF" | "TG" | "TH" | "TJ" | "TK" | "TL" | "TM" | "TN" | "TO" | "TR" | "TT" | "TV" | "TW" | "TZ" | "UA" | "UG" | "UM" | "US" | "UY" | "UZ" | "VA" | "VC" | "VE" | "VG" | "VI" | "VN" | "VU" | "WF" | "WS" | "XK" | "YE" | "YT" | "ZA" | "ZM" | "ZW";
                        };
                    };
                    /**
                     * @description Language of the hosted page; without it, the buyer's browser language (de, en or es, else en)
                     * @enum {string}
                     */
                    language?: "de" | "en" | "es";
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        status: "initiated" | "started" | "authorized" | "captured" | "completed" | "declined" | "not_completed" | "authentication_failed" | "canceled";
                        reference: string;
                        /** Format: date-time */
                        expires_at: string;
                        integration: {
                            /** @enum {string} */
                            type: "hosted";
                        };
                        _links: {
                            self: {
                                href: string;
                            };
                            hosted_page: {
                                href: string;
                            };
                            qr_code?: {
                                href: string;
                            };
                        };
                    };
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, expired, revoked or other-environment access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope payments:read_write */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object for this platform in this environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A request with the same Idempotency-Key is in flight, or the state does not allow it */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is too large (JSON 1 MB, a document 10 MB, an onboarding file 4 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not of a content type this route takes (JSON in a charset other than UTF-8, too) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Business rule broken, or Idempotency-Key reused with another body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postPaymentsAuthorize: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body within 24 hours replays the first answer (Idempotent-Replayed: true) */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "initial_payment_id": "pay_01JD3V6Q2W8X9Y0Z1A2B3C4D5E",
                 *       "amount_minor": 1990,
                 *       "currency": "EUR",
                 *       "reference": "subscription-2026-11"
                 *     }
                 */
                "application/json": {
                    /** @description The succeeded initial payment (cit_mode initial) whose credential is charged */
                    initial_payment_id: string;
                    /** @description Integer amount in the minor unit of the currency (ISO 4217), at most 99999999 */
                    amount_minor: number;
                    /**
                     * Format: currency
                     * @enum {string}
                     */
                    currency: "AED" | "AFN" | "ALL" | "AMD" | "ANG" | "AOA" | "ARS" | "AUD" | "AWG" | "AZN" | "BAM" | "BBD" | "BDT" | "BGN" | "BHD" | "BIF" | "BMD" | "BND" | "BOB" | "BOV" | "BRL" | "BSD" | "BTN" | "BWP" | "BYN" | "BZD" | "CAD" | "CDF" | "CHE" | "CHF" | "CHW" | "CLF" | "CLP" | "CNY" | "COP" | "COU" | "CRC" | "CUC" | "CUP" | "CVE" | "CZK" | "DJF" | "DKK" | "DOP" | "DZD" | "EGP" | "ERN" | "ETB" | "EUR" | "FJD" | "FKP" | "GBP" | "GEL" | "GHS" | "GIP" | "GMD" | "GNF" | "GTQ" | "GYD" | "HKD" | "HNL" | "HTG" | "HUF" | "IDR" | "ILS" | "INR" | "IQD" | "IRR" | "ISK" | "JMD" | "JOD" | "JPY" | "KES" | "KGS" | "KHR" | "KMF" | "KPW" | "KRW" | "KWD" | "KYD" | "KZT" | "LAK" | "LBP" | "LKR" | "LRD" | "LSL" | "LYD" | "MAD" | "MDL" | "MGA" | "MKD" | "MMK" | "MNT" | "MOP" | "MRU" | "MUR" | "MVR" | "MWK" | "MXN" | "MXV" | "MYR" | "MZN" | "NAD" | "NGN" | "NIO" | "NOK" | "NPR" | "NZD" | "OMR" | "PAB" | "PEN" | "PGK" | "PHP" | "PKR" | "PLN" | "PYG" | "QAR" | "RON" | "RSD" | "RUB" | "RWF" | "SAR" | "SBD" | "SCR" | "SDG" | "SEK" | "SGD" | "SHP" | "SLE" | "SOS" | "SRD" | "SSP" | "STN" | "SVC" | "SYP" | "SZL" | "THB" | "TJS" | "TMT" | "TND" | "TOP" | "TRY" | "TTD" | "TWD" | "TZS" | "UAH" | "UGX" | "USD" | "USN" | "UYI" | "UYU" | "UYW" | "UZS" | "VED" | "VES" | "VND" | "VUV" | "WST" | "XAF" | "XAG" | "XAU" | "XBA" | "XBB" | "XBC" | "XBD" | "XCD" | "XDR" | "XOF" | "XPD" | "XPF" | "XPT" | "XSU" | "XTS" | "XUA" | "XXX" | "YER" | "ZAR" | "ZMW" | "ZWG";
                    /** Format: plain-line */
                    reference: string;
                    /** Format: plain-line */
                    description?: string;
                    routing?: {
                        platform?: {
                            /** @description Integer amount in the minor unit of the currency (ISO 4217), at most 99999999 */
                            amount_minor: number;
                            /** @description Percentage of the processing fee this party bears */
                            processing_fee_contribution: number;
                        };
                        merchants?: {
                            /** @enum {string} */
                            type: "seller" | "merchant";
                            id: string;
                            /** Format: plain-line */
                            reference?: string;
                            /** @description Integer amount in the minor unit of the currency (ISO 4217), at most 99999999 */
                            amount_minor: number;
                            /** @description Percentage of the processing fee this party bears */
                            processing_fee_contribution: number;
                        }[];
                    };
                    urls?: {
                        /** Format: uri */
                        webhook?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        status: "initiated" | "started" | "authorized" | "captured" | "completed" | "declined" | "not_completed" | "authentication_failed" | "canceled";
                        reference: string;
                        initial_payment_id: string;
                        _links: {
                            self: {
                                href: string;
                            };
                        };
                    };
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, expired, revoked or other-environment access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope payments:read_write */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object for this platform in this environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A request with the same Idempotency-Key is in flight, or the state does not allow it */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is too large (JSON 1 MB, a document 10 MB, an onboarding file 4 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not of a content type this route takes (JSON in a charset other than UTF-8, too) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Business rule broken, or Idempotency-Key reused with another body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getPaymentsByPaymentId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                payment_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        amount_minor: number;
                        currency: string;
                        /** Format: date-time */
                        initiated_at: string;
                        /** Format: date-time */
                        expires_at: string;
                        /** @enum {string} */
                        status: "initiated" | "started" | "authorized" | "captured" | "completed" | "declined" | "not_completed" | "authentication_failed" | "canceled";
                        payment_method: {
                            /** @enum {string} */
                            type: "card" | "sepa_direct_debit" | "user_selected";
                        };
                        processing_fee: {
                            amount_minor: number;
                            currency: string;
                        } | null;
                        routing: {
                            platform: {
                                id: string;
                                amount_minor: number;
                                processing_fee_contribution: number;
                                refundable_amount: number;
                                transfer: {
                                    transfer_id: string;
                                    amount_minor: number;
                                    processing_fee: {
                                        amount_minor: number;
                                        currency: string;
                                    };
                                } | null;
                            };
                            merchants: {
                                id: string;
                                /** @enum {string} */
                                type: "seller" | "merchant";
                                reference: string | null;
                                amount_minor: number;
                                processing_fee_contribution: number;
                                refundable_amount: number;
                                transfer: {
                                    transfer_id: string;
                                    amount_minor: number;
                                    processing_fee: {
                                        amount_minor: number;
                                        currency: string;
                                    };
                                } | null;
                            }[];
                        };
                        succeeded: boolean;
                        reference: string;
                        description: string | null;
                        /** @enum {string} */
                        cit_mode: "one_off" | "initial" | "merchant_initiated";
                        initial_payment_id: string | null;
                        _links: {
                            self: {
                                href: string;
                            };
                            hosted_page?: {
                                href: string;
                            };
                            qr_code?: {
                                href: string;
                            };
                        };
                    };
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, expired, revoked or other-environment access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope payments:read */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object for this platform in this environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getPaymentsByPaymentIdQrCode: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                payment_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The image/png content */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/png": string;
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, expired, revoked or other-environment access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope payments:read */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object for this platform in this environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getRefunds: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100 */
                first?: number;
                /** @description The cursor of the previous page; opaque */
                after?: string;
                payment_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            /** Format: date-time */
                            initiated_at: string;
                            /** @enum {string} */
                            status: "initiated" | "completed" | "failed";
                            payment_id: string;
                            amount_minor: number;
                            currency: string;
                            description: string | null;
                            reference: string | null;
                            /**
                             * @description buyer: started by the buyer's bank (a SEPA Direct Debit return, a card chargeback)
                             * @enum {string}
                             */
                            origin: "platform" | "buyer";
                            completed_at: string | null;
                            routing: {
                                platform: {
                                    amount_minor: number;
                                };
                                merchants: {
                                    id: string;
                                    amount_minor: number;
                                }[];
                            };
                            _links: {
                                self: {
                                    href: string;
                                };
                                payment: {
                                    href: string;
                                };
                            };
                        }[];
                        /** @description Pass as after to get the next page; absent on the last page */
                        cursor?: string;
                    };
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, expired, revoked or other-environment access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope refunds:read */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postRefunds: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body within 24 hours replays the first answer (Idempotent-Replayed: true) */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "payment_id": "pay_01JD3V6Q2W8X9Y0Z1A2B3C4D5E",
                 *       "description": "Refund order 42",
                 *       "reference": "refund-42"
                 *     }
                 */
                "application/json": {
                    payment_id: string;
                    /** @description Shown on the buyer's bank statement: letters, digits, space and / - ? : ( ) . , ' + */
                    description: string;
                    /** Format: plain-line */
                    reference?: string;
                    /** @description The creditors the refund takes its funds from; the refund amount is the sum. Without it the whole payment is refunded */
                    routing?: {
                        platform?: {
                            /** @description Taken from this party; at most its remaining refundable_amount */
                            amount_minor: number;
                        };
                        merchants?: {
                            id: string;
                            /** @description Taken from this party; at most its remaining refundable_amount */
                            amount_minor: number;
                        }[];
                    };
                    urls?: {
                        /** Format: uri */
                        webhook?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** Format: date-time */
                        initiated_at: string;
                        /** @enum {string} */
                        status: "initiated" | "completed" | "failed";
                        payment_id: string;
                        amount_minor: number;
                        currency: string;
                        description: string | null;
                        reference: string | null;
                        /**
                         * @description buyer: started by the buyer's bank (a SEPA Direct Debit return, a card chargeback)
                         * @enum {string}
                         */
                        origin: "platform" | "buyer";
                        completed_at: string | null;
                        routing: {
                            platform: {
                                amount_minor: number;
                            };
                            merchants: {
                                id: string;
                                amount_minor: number;
                            }[];
                        };
                        _links: {
                            self: {
                                href: string;
                            };
                            payment: {
                                href: string;
                            };
                        };
                    };
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, expired, revoked or other-environment access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope refunds:initiate */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object for this platform in this environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A request with the same Idempotency-Key is in flight, or the state does not allow it */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is too large (JSON 1 MB, a document 10 MB, an onboarding file 4 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not of a content type this route takes (JSON in a charset other than UTF-8, too) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Business rule broken, or Idempotency-Key reused with another body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getRefundsByRefundId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                refund_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** Format: date-time */
                        initiated_at: string;
                        /** @enum {string} */
                        status: "initiated" | "completed" | "failed";
                        payment_id: string;
                        amount_minor: number;
                        currency: string;
                        description: string | null;
                        reference: string | null;
                        /**
                         * @description buyer: started by the buyer's bank (a SEPA Direct Debit return, a card chargeback)
                         * @enum {string}
                         */
                        origin: "platform" | "buyer";
                        completed_at: string | null;
                        routing: {
                            platform: {
                                amount_minor: number;
                            };
                            merchants: {
                                id: string;
                                amount_minor: number;
                            }[];
                        };
                        _links: {
                            self: {
                                href: string;
                            };
                            payment: {
                                href: string;
                            };
                        };
                    };
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, expired, revoked or other-environment access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope refunds:read */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object for this platform in this environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getPlatformPayoutAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The platform's own account */
                        account_id: string;
                        account_number: {
                            /** @enum {string} */
                            type: "iban";
                            /** @description Masked: the country, the check digits and the last four characters */
                            value: string;
                        };
                        account_owners_name: string;
                        currency: string;
                        refused: string | null;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description Missing, expired, revoked or other-environment access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope accounts:read */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    putPlatformPayoutAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "account_number": {
                 *         "type": "iban",
                 *         "value": "DE89370400440532013000"
                 *       },
                 *       "account_owners_name": "Ticketwelt Marketplace GmbH",
                 *       "currency": "EUR"
                 *     }
                 */
                "application/json": {
                    account_number: {
                        /** @enum {string} */
                        type: "iban";
                        value: string;
                    };
                    account_owners_name: string;
                    currency: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The platform's own account */
                        account_id: string;
                        account_number: {
                            /** @enum {string} */
                            type: "iban";
                            /** @description Masked: the country, the check digits and the last four characters */
                            value: string;
                        };
                        account_owners_name: string;
                        currency: string;
                        refused: string | null;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, expired, revoked or other-environment access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope accounts:read_write */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is too large (JSON 1 MB, a document 10 MB, an onboarding file 4 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not of a content type this route takes (JSON in a charset other than UTF-8, too) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getPayouts: {
        parameters: {
            query: {
                /** @description Page size, 1 to 100 */
                first?: number;
                /** @description The cursor of the previous page; opaque */
                after?: string;
                /** @description The payment whose transfers the payouts carry (required) */
                payment_id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            account_id: string;
                            _links: {
                                self: {
                                    href: string;
                                    methods: string[];
                                };
                            };
                        }[];
                        /** @description Pass as after to get the next page; absent on the last page */
                        cursor?: string;
                    };
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, expired, revoked or other-environment access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope payouts:read */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object for this platform in this environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getPayoutsByPayoutId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                payout_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        account_id: string;
                        /** Format: date-time */
                        created_at: string;
                        /** @description The sum of the transfers: the bank-statement line */
                        amount_minor: number;
                        currency: string;
                        /**
                         * @description paid once the money arrived (transfer_completed); failed when the bank sent it back (its transfers then wait for the next payout)
                         * @enum {string}
                         */
                        status: "in_transit" | "paid" | "failed";
                        completed_at: string | null;
                        transfers: {
                            transfer_id: string;
                            payment_id: string;
                            /** @description What the transfer sent: the party amount net of its fee share and of refunds made before the payout */
                            amount_minor: number;
                            currency: string;
                            processing_fee: {
                                amount_minor: number;
                                currency: string;
                            };
                            reference: string | null;
                        }[];
                        _links: {
                            self: {
                                href: string;
                                methods: string[];
                            };
                        };
                    };
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, expired, revoked or other-environment access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope payouts:read */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object for this platform in this environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getAccounts: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100 */
                first?: number;
                /** @description The cursor of the previous page; opaque */
                after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description Account identifier (acc_) */
                            id: string;
                            type: "platform" | "merchant";
                            name: string;
                            /** Format: date-time */
                            created_at: string;
                            onboarding: {
                                /** @description The application (app_) that onboards the merchant */
                                application_id: string;
                                /**
                                 * @description succeeded and action_required are the compliance outcomes after submitted
                                 * @enum {string}
                                 */
                                status: "initiated" | "in_progress" | "submitted" | "succeeded" | "action_required";
                            } | null;
                            /** @description True once the merchant's application succeeded and a payout account is set; false for the platform account */
                            payouts_enabled: boolean;
                        }[];
                        /** @description Pass as after to get the next page; absent on the last page */
                        cursor?: string;
                    };
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, expired, revoked or other-environment access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope accounts:read */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getAccountsByAccountId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                account_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Account identifier (acc_) */
                        id: string;
                        type: "platform" | "merchant";
                        name: string;
                        /** Format: date-time */
                        created_at: string;
                        onboarding: {
                            /** @description The application (app_) that onboards the merchant */
                            application_id: string;
                            /**
                             * @description succeeded and action_required are the compliance outcomes after submitted
                             * @enum {string}
                             */
                            status: "initiated" | "in_progress" | "submitted" | "succeeded" | "action_required";
                        } | null;
                        /** @description True once the merchant's application succeeded and a payout account is set; false for the platform account */
                        payouts_enabled: boolean;
                    };
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, expired, revoked or other-environment access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope accounts:read */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object for this platform in this environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getAccountsByAccountIdBranding: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                account_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        account_id: string;
                        /** @description The name the pages show: the one set, else the platform's name or the merchant's business name */
                        name: string;
                        /** @description The colours set, else the platform's (a merchant's default) */
                        colors: {
                            /** @description HEX colour */
                            primary: string;
                            /** @description HEX colour */
                            secondary: string;
                        };
                        /**
                         * @description Whose brand the payment page leads with; a merchant's null follows its platform's
                         * @enum {string}
                         */
                        format: "merchant_primary" | "platform_primary";
                        logo: {
                            document_id: string;
                            /** @description Where the pages load it from: this server, without a token */
                            url: string;
                        } | null;
                        inherited: ("name" | "colors.primary" | "colors.secondary" | "format" | "logo")[];
                        /** @description Where the pages show another colour than the one set so that text and focus rings read (WCAG AA) */
                        contrast_adjustments: {
                            /** @enum {string} */
                            use: "links_and_focus" | "button_text" | "header_text" | "button_edge";
                            /** @description HEX colour */
                            given: string;
                            /** @description HEX colour */
                            shown: string;
                            /** @description WCAG 2 contrast of the shown colour on its background */
                            ratio: number;
                            /** @description The ratio WCAG AA asks for this use */
                            minimum: number;
                        }[];
                    };
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, expired, revoked or other-environment access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope accounts:read */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object for this platform in this environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    patchAccountsByAccountIdBranding: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                account_id: string;
            };
            cookie?: never;
        };
        /** @description Only the members given change; null returns a member to what it inherits */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Ticketwelt",
                 *       "colors": {
                 *         "primary": "#0a7d4f"
                 *       },
                 *       "logo_document_id": null
                 *     }
                 */
                "application/json": {
                    name?: string | null;
                    colors?: {
                        primary?: string | null;
                        secondary?: string | null;
                    };
                    format?: ("merchant_primary" | "platform_primary") | null;
                    logo_document_id?: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        account_id: string;
                        /** @description The name the pages show: the one set, else the platform's name or the merchant's business name */
                        name: string;
                        /** @description The colours set, else the platform's (a merchant's default) */
                        colors: {
                            /** @description HEX colour */
                            primary: string;
                            /** @description HEX colour */
                            secondary: string;
                        };
                        /**
                         * @description Whose brand the payment page leads with; a merchant's null follows its platform's
                         * @enum {string}
                         */
                        format: "merchant_primary" | "platform_primary";
                        logo: {
                            document_id: string;
                            /** @description Where the pages load it from: this server, without a token */
                            url: string;
                        } | null;
                        inherited: ("name" | "colors.primary" | "colors.secondary" | "format" | "logo")[];
                        /** @description Where the pages show another colour than the one set so that text and focus rings read (WCAG AA) */
                        contrast_adjustments: {
                            /** @enum {string} */
                            use: "links_and_focus" | "button_text" | "header_text" | "button_edge";
                            /** @description HEX colour */
                            given: string;
                            /** @description HEX colour */
                            shown: string;
                            /** @description WCAG 2 contrast of the shown colour on its background */
                            ratio: number;
                            /** @description The ratio WCAG AA asks for this use */
                            minimum: number;
                        }[];
                    };
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, expired, revoked or other-environment access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope accounts:read_write */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object for this platform in this environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is too large (JSON 1 MB, a document 10 MB, an onboarding file 4 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not of a content type this route takes (JSON in a charset other than UTF-8, too) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getApplications: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100 */
                first?: number;
                /** @description The cursor of the previous page; opaque */
                after?: string;
                status?: "initiated" | "in_progress" | "submitted" | "succeeded" | "action_required";
                reference?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            /** @enum {string} */
                            status: "initiated" | "in_progress" | "submitted" | "succeeded" | "action_required";
                            reference: string | null;
                            merchant_id: string;
                            /** @enum {string} */
                            language: "de" | "en" | "es";
                            currencies: string[];
                            applicant: {
                                first_name: string;
                                last_name: string;
                                email: string;
                            };
                            urls: {
                                redirect: string | null;
                                webhook: string | null;
                            };
                            /** Format: date-time */
                            created_at: string;
                            started_at: string | null;
                            submitted_at: string | null;
                            decided_at: string | null;
                            _links: {
                                self: {
                                    href: string;
                                };
                            };
                        }[];
                        /** @description Pass as after to get the next page; absent on the last page */
                        cursor?: string;
                    };
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, expired, revoked or other-environment access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope onboarding:initiate */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postApplications: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body within 24 hours replays the first answer (Idempotent-Replayed: true) */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "applicant": {
                 *         "email": "erika@ticketwelt.example",
                 *         "first_name": "Erika",
                 *         "last_name": "Mustermann"
                 *       },
                 *       "currencies": [
                 *         "EUR"
                 *       ],
                 *       "integration": {
                 *         "type": "hosted"
                 *       },
                 *       "language": "de",
                 *       "reference": "merchant-7",
                 *       "urls": {
                 *         "redirect": "https://platform.example/onboarded",
                 *         "webhook": "https://platform.example/webhooks"
                 *       }
                 *     }
                 */
                "application/json": {
                    /**
                     * @example {
                     *       "email": "erika@ticketwelt.example",
                     *       "first_name": "Erika",
                     *       "last_name": "Mustermann"
                     *     }
                     */
                    applicant: {
                        /** Format: email */
                        email: string;
                        /** Format: name */
                        first_name: string;
                        /** Format: name */
                        last_name: string;
                    };
                    business?: {
                        /** @description Pre-fills the business profile; the applicant confirms or changes it */
                        profile?: {
                            /** Format: name */
                            legal_name?: string;
                            registered_address?: {
                                /** Format: plain-line */
                                line1: string;
                                /** Format: plain-line */
                                line2?: string;
                                /** @description House number */
                                number?: number;
                                /** Format: plain-line */
                                town_city: string;
                                /** Format: plain-line */
                                state?: string;
                                /** Format: plain-line */
                                zip: string;
                                /**
                                 * Format: country
                                 * @description Not a member of the specification's Address: the country of its context when absent, and must be it when given
                                 * @enum {string}
                                 */
                                country?: "AD" | "AE" | "AF" | "AG" | "AI" | "AL" | "AM" | "AO" | "AQ" | "AR" | "AS" | "AT" | "AU" | "AW" | "AX" | "AZ" | "BA" | "BB" | "BD" | "BE" | "BF" | "BG" | "BH" | "BI" | "BJ" | "BL" | "BM" | "BN" | "BO" | "BQ" | "BR" | "BS" | "BT" | "BV" | "BW" | "BY" | "BZ" | "CA" | "CC" | "CD" | "CF" | "CG" | "CH" | "CI" | "CK" | "CL" | "CM" | "CN" | "CO" | "CR" | "CU" | "CV" | "CW" | "CX" | "CY" | "CZ" | "DE" | "DJ" | "DK" | "DM" | "DO" | "DZ" | "EC" | "EE" | "EG" | "EH" | "ER" | "ES" | "ET" | "FI" | "FJ" | "FK" | "FM" | "FO" | "FR" | "GA" | "GB" | "GD" | "GE" | "GF" | "GG" | "GH" | "GI" | "GL" | "GM" | "GN" | "GP" | "GQ" | "GR" | "GS" | "GT" | "GU" | "GW" | "GY" | "HK" | "HM" | "HN" | "HR" | "HT" | "HU" | "ID" | "IE" | "IL" | "IM" | "IN" | "IO" | "IQ" | "IR" | "IS" | "IT" | "JE" | "JM" | "JO" | "JP" | "KE" | "KG" | "KH" | "KI" | "KM" | "KN" | "KP" | "KR" | "KW" | "KY" | "KZ" | "LA" | "LB" | "LC" | "LI" | "LK" | "LR" | "LS" | "LT" | "LU" | "LV" | "LY" | "MA" | "MC" | "MD" | "ME" | "MF" | "MG" | "MH" | "MK" | "ML" | "MM" | "MN" | "MO" | "MP" | "MQ" | "MR" | "MS" | "MT" | "MU" | "MV" | "MW" | "MX" | "MY" | "MZ" | "NA" | "NC" | "NE" | "NF" | "NG" | "NI" | "NL" | "NO" | "NP" | "NR" | "NU" | "NZ" | "OM" | "PA" | "PE" | "PF" | "PG" | "PH" | "PK" | "PL" | "PM" | "PN" | "PR" | "PS" | "PT" | "PW" | "PY" | "QA" | "RE" | "RO" | "RS" | "RU" | "RW" | "SA" | "SB" | "SC" | "SD" | "SE" | "SG" | "SH" | "SI" | "SJ" | "SK" | "SL" | "SM" | "SN" | "SO" | "SR" | "SS" | "ST" | "SV" | "SX" | "SY" | "SZ" | "TC" | "TD" | "TF" | "TG" | "TH" | "TJ" | "TK" | "TL" | "TM" | "TN" | "TO" | "TR" | "TT" | "TV" | "TW" | "TZ" | "UA" | "UG" | "UM" | "US" | "UY" | "UZ" | "VA" | "VC" | "VE" | "VG" | "VI" | "VN" | "VU" | "WF" | "WS" | "XK" | "YE" | "YT" | "ZA" | "ZM" | "ZW";
                            };
                            /** @enum {string} */
                            registration_number_code?: "DeHrb" | "DeHra" | "DeVr" | "SiTin" | "EeKmkr";
                            /** @description Checked against the format of the structure's register */
                            registration_number?: string;
                        };
                    };
                    /** @description Default: every supported currency */
                    currencies?: ("AED" | "AFN" | "ALL" | "AMD" | "ANG" | "AOA" | "ARS" | "AUD" | "AWG" | "AZN" | "BAM" | "BBD" | "BDT" | "BGN" | "BHD" | "BIF" | "BMD" | "BND" | "BOB" | "BOV" | "BRL" | "BSD" | "BTN" | "BWP" | "BYN" | "BZD" | "CAD" | "CDF" | "CHE" | "CHF" | "CHW" | "CLF" | "CLP" | "CNY" | "COP" | "COU" | "CRC" | "CUC" | "CUP" | "CVE" | "CZK" | "DJF" | "DKK" | "DOP" | "DZD" | "EGP" | "ERN" | "ETB" | "EUR" | "FJD" | "FKP" | "GBP" | "GEL" | "GHS" | "GIP" | "GMD" | "GNF" | "GTQ" | "GYD" | "HKD" | "HNL" | "HTG" | "HUF" | "IDR" | "ILS" | "INR" | "IQD" | "IRR" | "ISK" | "JMD" | "JOD" | "JPY" | "KES" | "KGS" | "KHR" | "KMF" | "KPW" | "KRW" | "KWD" | "KYD" | "KZT" | "LAK" | "LBP" | "LKR" | "LRD" | "LSL" | "LYD" | "MAD" | "MDL" | "MGA" | "MKD" | "MMK" | "MNT" | "MOP" | "MRU" | "MUR" | "MVR" | "MWK" | "MXN" | "MXV" | "MYR" | "MZN" | "NAD" | "NGN" | "NIO" | "NOK" | "NPR" | "NZD" | "OMR" | "PAB" | "PEN" | "PGK" | "PHP" | "PKR" | "PLN" | "PYG" | "QAR" | "RON" | "RSD" | "RUB" | "RWF" | "SAR" | "SBD" | "SCR" | "SDG" | "SEK" | "SGD" | "SHP" | "SLE" | "SOS" | "SRD" | "SSP" | "STN" | "SVC" | "SYP" | "SZL" | "THB" | "TJS" | "TMT" | "TND" | "TOP" | "TRY" | "TTD" | "TWD" | "TZS" | "UAH" | "UGX" | "USD" | "USN" | "UYI" | "UYU" | "UYW" | "UZS" | "VED" | "VES" | "VND" | "VUV" | "WST" | "XAF" | "XAG" | "XAU" | "XBA" | "XBB" | "XBC" | "XBD" | "XCD" | "XDR" | "XOF" | "XPD" | "XPF" | "XPT" | "XSU" | "XTS" | "XUA" | "XXX" | "YER" | "ZAR" | "ZMW" | "ZWG")[];
                    integration: {
                        /** @enum {string} */
                        type: "hosted";
                    };
                    /**
                     * @description Language of the onboarding page; default en
                     * @enum {string}
                     */
                    language?: "de" | "en" | "es";
                    /** Format: plain-line */
                    reference?: string;
                    urls?: {
                        /**
                         * Format: uri
                         * @description Where the applicant goes after submitting
                         */
                        redirect?: string;
                        /**
                         * Format: uri
                         * @description Receives the application events
                         */
                        webhook?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        reference: string | null;
                        merchant_id: string;
                        _links: {
                            onboarding: {
                                href: string;
                                /** Format: date-time */
                                expires_at: string;
                            };
                        };
                    };
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, expired, revoked or other-environment access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope onboarding:initiate */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object for this platform in this environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A request with the same Idempotency-Key is in flight, or the state does not allow it */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is too large (JSON 1 MB, a document 10 MB, an onboarding file 4 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not of a content type this route takes (JSON in a charset other than UTF-8, too) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Business rule broken, or Idempotency-Key reused with another body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getApplicationsByApplicationId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                application_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        status: "initiated" | "in_progress" | "submitted" | "succeeded" | "action_required";
                        reference: string | null;
                        merchant_id: string;
                        /** @enum {string} */
                        language: "de" | "en" | "es";
                        currencies: string[];
                        applicant: {
                            first_name: string;
                            last_name: string;
                            email: string;
                        };
                        urls: {
                            redirect: string | null;
                            webhook: string | null;
                        };
                        /** Format: date-time */
                        created_at: string;
                        started_at: string | null;
                        submitted_at: string | null;
                        decided_at: string | null;
                        _links: {
                            self: {
                                href: string;
                            };
                        };
                    };
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, expired, revoked or other-environment access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope onboarding:initiate */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object for this platform in this environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postApplicationsByApplicationIdLink: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body within 24 hours replays the first answer (Idempotent-Replayed: true) */
                "idempotency-key"?: string;
            };
            path: {
                application_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        reference: string | null;
                        merchant_id: string;
                        _links: {
                            onboarding: {
                                href: string;
                                /** Format: date-time */
                                expires_at: string;
                            };
                        };
                    };
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, expired, revoked or other-environment access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope onboarding:initiate */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object for this platform in this environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A request with the same Idempotency-Key is in flight, or the state does not allow it */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is too large (JSON 1 MB, a document 10 MB, an onboarding file 4 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not of a content type this route takes (JSON in a charset other than UTF-8, too) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Business rule broken, or Idempotency-Key reused with another body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getV2Documents: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100 */
                first?: number;
                /** @description The cursor of the previous page; opaque */
                after?: string;
                type?: "company_logo" | "passport" | "id" | "driving_license" | "selfie_with_id" | "company_registration" | "bank_account_proof" | "other";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            /** @enum {string} */
                            type: "company_logo" | "passport" | "id" | "driving_license" | "selfie_with_id" | "company_registration" | "bank_account_proof" | "other";
                            filename: string;
                            content_type: string;
                            /** Format: date-time */
                            uploaded_at: string;
                            /** @description Bytes */
                            size: number;
                            tags: string[];
                        }[];
                        /** @description Pass as after to get the next page; absent on the last page */
                        cursor?: string;
                    };
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, expired, revoked or other-environment access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope documents:read */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postV2Documents: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body within 24 hours replays the first answer (Idempotent-Replayed: true) */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /**
                     * @description The kind of document; decides which files are accepted
                     * @enum {string}
                     */
                    type: "company_logo" | "passport" | "id" | "driving_license" | "selfie_with_id" | "company_registration" | "bank_account_proof" | "other";
                    /**
                     * Format: binary
                     * @description The file; its part Content-Type must match its format
                     */
                    file: string;
                    tags?: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                    };
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, expired, revoked or other-environment access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope documents:read_write */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object for this platform in this environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A request with the same Idempotency-Key is in flight, or the state does not allow it */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is too large (JSON 1 MB, a document 10 MB, an onboarding file 4 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not of a content type this route takes (JSON in a charset other than UTF-8, too) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Business rule broken, or Idempotency-Key reused with another body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getV2DocumentsByDocumentId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                document_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        type: "company_logo" | "passport" | "id" | "driving_license" | "selfie_with_id" | "company_registration" | "bank_account_proof" | "other";
                        filename: string;
                        content_type: string;
                        /** Format: date-time */
                        uploaded_at: string;
                        /** @description Bytes */
                        size: number;
                        tags: string[];
                    };
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, expired, revoked or other-environment access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope documents:read */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object for this platform in this environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getV2DocumentsByDocumentIdContent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                document_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The application/octet-stream content */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, expired, revoked or other-environment access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope documents:read */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object for this platform in this environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getEvents: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100 */
                first?: number;
                /** @description The cursor of the previous page; opaque */
                after?: string;
                type?: "payment_succeeded" | "payment_failed" | "payment_authentication_failed" | "transfer_started" | "transfer_updated" | "transfer_completed" | "refund_initiated" | "refund_initiated_from_buyer" | "transfer_received_from_creditor" | "refund_completed" | "refund_failed" | "payment_charged_back" | "payout_failed" | "application_started" | "application_submitted" | "application_succeeded" | "application_action_required";
                /** @description Events about this object (pay_, rfd_, tra_, app_…) */
                object_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            event_id: string;
                            /** @enum {string} */
                            type: "payment_succeeded" | "payment_failed" | "payment_authentication_failed" | "transfer_started" | "transfer_updated" | "transfer_completed" | "refund_initiated" | "refund_initiated_from_buyer" | "transfer_received_from_creditor" | "refund_completed" | "refund_failed" | "payment_charged_back" | "payout_failed" | "application_started" | "application_submitted" | "application_succeeded" | "application_action_required";
                            /** Format: date-time */
                            occurred_at: string;
                            data: {
                                [key: string]: unknown;
                            };
                            delivery_status: ("pending" | "succeeded" | "failed") | null;
                        }[];
                        /** @description Pass as after to get the next page; absent on the last page */
                        cursor?: string;
                    };
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, expired, revoked or other-environment access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope events:read */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getEventsStream: {
        parameters: {
            query?: {
                /**
                 * @description Only these event types, comma-separated
                 * @example payment_succeeded,refund_completed
                 */
                types?: string;
            };
            header?: {
                /** @description Resume after this event: what came after it is sent first, in order, then what happens */
                "last-event-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The stream: the events as they happen, until the server ends it */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, expired, revoked or other-environment access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope events:read */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getEventsByEventId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                event_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        event_id: string;
                        /** @enum {string} */
                        type: "payment_succeeded" | "payment_failed" | "payment_authentication_failed" | "transfer_started" | "transfer_updated" | "transfer_completed" | "refund_initiated" | "refund_initiated_from_buyer" | "transfer_received_from_creditor" | "refund_completed" | "refund_failed" | "payment_charged_back" | "payout_failed" | "application_started" | "application_submitted" | "application_succeeded" | "application_action_required";
                        /** Format: date-time */
                        occurred_at: string;
                        data: {
                            [key: string]: unknown;
                        };
                        /** @description Newest first; a redelivery adds one */
                        deliveries: {
                            url: string;
                            /** @enum {string} */
                            status: "pending" | "succeeded" | "failed";
                            attempt_count: number;
                            next_attempt_at: string | null;
                            /** Format: date-time */
                            created_at: string;
                            completed_at: string | null;
                            attempts: {
                                /** Format: date-time */
                                attempted_at: string;
                                status_code: number | null;
                                duration_ms: number;
                                error: string | null;
                                /**
                                 * @description Sandbox only, when the platform's webhook faults made this attempt on purpose: a second delivery of the event (duplicate), or one held back (reordered, delayed)
                                 * @enum {string}
                                 */
                                injected?: "duplicate" | "reordered" | "delayed";
                            }[];
                        }[];
                    };
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, expired, revoked or other-environment access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope events:read */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object for this platform in this environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postEventsByEventIdRedeliver: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body within 24 hours replays the first answer (Idempotent-Replayed: true) */
                "idempotency-key"?: string;
            };
            path: {
                event_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        event_id: string;
                        /** @enum {string} */
                        type: "payment_succeeded" | "payment_failed" | "payment_authentication_failed" | "transfer_started" | "transfer_updated" | "transfer_completed" | "refund_initiated" | "refund_initiated_from_buyer" | "transfer_received_from_creditor" | "refund_completed" | "refund_failed" | "payment_charged_back" | "payout_failed" | "application_started" | "application_submitted" | "application_succeeded" | "application_action_required";
                        /** Format: date-time */
                        occurred_at: string;
                        data: {
                            [key: string]: unknown;
                        };
                        /** @description Newest first; a redelivery adds one */
                        deliveries: {
                            url: string;
                            /** @enum {string} */
                            status: "pending" | "succeeded" | "failed";
                            attempt_count: number;
                            next_attempt_at: string | null;
                            /** Format: date-time */
                            created_at: string;
                            completed_at: string | null;
                            attempts: {
                                /** Format: date-time */
                                attempted_at: string;
                                status_code: number | null;
                                duration_ms: number;
                                error: string | null;
                                /**
                                 * @description Sandbox only, when the platform's webhook faults made this attempt on purpose: a second delivery of the event (duplicate), or one held back (reordered, delayed)
                                 * @enum {string}
                                 */
                                injected?: "duplicate" | "reordered" | "delayed";
                            }[];
                        }[];
                    };
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, expired, revoked or other-environment access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope events:read */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object for this platform in this environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A request with the same Idempotency-Key is in flight, or the state does not allow it */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is too large (JSON 1 MB, a document 10 MB, an onboarding file 4 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not of a content type this route takes (JSON in a charset other than UTF-8, too) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Business rule broken, or Idempotency-Key reused with another body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description whsec_…: verify webhook-signature with it (Standard Webhooks) */
                        secret: string;
                        /** Format: date-time */
                        created_at: string;
                        previous_secret_expires_at: string | null;
                    };
                };
            };
            /** @description Missing, expired, revoked or other-environment access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope events:read */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postWebhookSecretRotate: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body within 24 hours replays the first answer (Idempotent-Replayed: true) */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description whsec_…: verify webhook-signature with it (Standard Webhooks) */
                        secret: string;
                        /** Format: date-time */
                        created_at: string;
                        previous_secret_expires_at: string | null;
                    };
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, expired, revoked or other-environment access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope events:read */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A request with the same Idempotency-Key is in flight, or the state does not allow it */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is too large (JSON 1 MB, a document 10 MB, an onboarding file 4 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not of a content type this route takes (JSON in a charset other than UTF-8, too) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Business rule broken, or Idempotency-Key reused with another body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getReferenceCountries: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description ISO 3166-1 alpha-2 code
                         * @example DE
                         */
                        code: string;
                        /**
                         * @description International calling code with a leading +
                         * @example +49
                         */
                        phone_prefix: string;
                        /**
                         * @description English short name
                         * @example Germany
                         */
                        name: string;
                        /** @description Member of the European Economic Area (EU plus Iceland, Liechtenstein, Norway) */
                        eea_member: boolean;
                    }[];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getReferenceMerchantCategoryCodes: {
        parameters: {
            query?: {
                /** @description Language of the names; without it, the best match of Accept-Language (de, en or es, else en) */
                language?: "de" | "en" | "es";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description ISO 18245 merchant category code
                         * @example 5411
                         */
                        code: string;
                        /**
                         * @description English description
                         * @example Grocery Stores, Supermarkets
                         */
                        description: string;
                        /**
                         * @description Name in the language of the answer (Content-Language); a brand (3000-3999) keeps its own
                         * @example Lebensmittelgeschäfte und Supermärkte
                         */
                        name: string;
                    }[];
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getReferenceDistrictCourts: {
        parameters: {
            query?: {
                /** @description ISO 3166-1 alpha-2 code; without it, the courts of every country */
                country_code?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Stable court code, used as district_court_code
                         * @example DE-AG-MUENCHEN
                         */
                        code: string;
                        /** @example Amtsgericht München */
                        name: string;
                    }[];
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getReferenceBusinessTypes: {
        parameters: {
            query: {
                /** @description ISO 3166-1 alpha-2 code (uppercase); any other value is 404 */
                country_code: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description The business type preselected
                         * @example company
                         */
                        default_value: string;
                        items: {
                            /** @example company */
                            value: string;
                            /** @example Company */
                            label: string;
                            children: {
                                /** @description The structure preselected for this type */
                                default_value: string;
                                /** @description Legal structures of this business type in the country */
                                items: {
                                    /** @example gmbh */
                                    value: string;
                                    /** @example GmbH (Gesellschaft mit beschränkter Haftung) */
                                    label: string;
                                }[];
                            };
                        }[];
                    };
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postSandboxSimulationsApplicationsByApplicationIdDecision: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body within 24 hours replays the first answer (Idempotent-Replayed: true) */
                "idempotency-key"?: string;
            };
            path: {
                application_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "outcome": "succeeded"
                 *     }
                 */
                "application/json": {
                    /**
                     * @description succeeded emits application_succeeded, action_required application_action_required
                     * @enum {string}
                     */
                    outcome: "succeeded" | "action_required";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        status: "initiated" | "in_progress" | "submitted" | "succeeded" | "action_required";
                        reference: string | null;
                        merchant_id: string;
                        /** @enum {string} */
                        language: "de" | "en" | "es";
                        currencies: string[];
                        applicant: {
                            first_name: string;
                            last_name: string;
                            email: string;
                        };
                        urls: {
                            redirect: string | null;
                            webhook: string | null;
                        };
                        /** Format: date-time */
                        created_at: string;
                        started_at: string | null;
                        submitted_at: string | null;
                        decided_at: string | null;
                        _links: {
                            self: {
                                href: string;
                            };
                        };
                    };
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, expired, revoked or other-environment access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope onboarding:initiate */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object for this platform in this environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A request with the same Idempotency-Key is in flight, or the state does not allow it */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is too large (JSON 1 MB, a document 10 MB, an onboarding file 4 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not of a content type this route takes (JSON in a charset other than UTF-8, too) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Business rule broken, or Idempotency-Key reused with another body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getSandboxSimulationsClock: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @description This platform's sandbox clock's time: real time plus every advance this platform made
                         */
                        now: string;
                    };
                };
            };
            /** @description Missing, expired, revoked or other-environment access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope payments:read */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postSandboxSimulationsClockAdvance: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body within 24 hours replays the first answer (Idempotent-Replayed: true) */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "seconds": 172800
                 *     }
                 */
                "application/json": {
                    /** @description How far to move this platform's sandbox clock forward */
                    seconds: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @description This platform's sandbox clock's new time
                         */
                        now: string;
                        /** @description This platform's scheduled work due at the new time, run before this answer (with what it scheduled in turn) */
                        jobs_run: number;
                    };
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, expired, revoked or other-environment access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope payments:read_write */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object for this platform in this environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A request with the same Idempotency-Key is in flight, or the state does not allow it */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is too large (JSON 1 MB, a document 10 MB, an onboarding file 4 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not of a content type this route takes (JSON in a charset other than UTF-8, too) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Business rule broken, or Idempotency-Key reused with another body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getSandboxSimulationsWebhookFaults: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        duplicate_ratio: number;
                        reorder_ratio: number;
                        reorder_window_seconds: number;
                        delay_ratio: number;
                        delay_seconds: number;
                    };
                };
            };
            /** @description Missing, expired, revoked or other-environment access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope payments:read */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    putSandboxSimulationsWebhookFaults: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "duplicate_ratio": 0.2,
                 *       "reorder_ratio": 0.3,
                 *       "reorder_window_seconds": 10,
                 *       "delay_ratio": 0.1,
                 *       "delay_seconds": 60
                 *     }
                 */
                "application/json": {
                    /**
                     * @description The share of deliveries sent twice (a second delivery of the same event, same webhook-id, signed alike), 0 (none, the default) to 1 (every one)
                     * @default 0
                     */
                    duplicate_ratio?: number;
                    /**
                     * @description The share of deliveries held back by up to reorder_window_seconds, so that events written after them arrive first, 0 (none, the default) to 1 (every one)
                     * @default 0
                     */
                    reorder_ratio?: number;
                    /**
                     * @description How long a reordered delivery is held back at most (some time in the window, drawn evenly); at least 1 when reorder_ratio is above 0
                     * @default 0
                     */
                    reorder_window_seconds?: number;
                    /**
                     * @description The share of deliveries sent late by delay_seconds, 0 (none, the default) to 1 (every one)
                     * @default 0
                     */
                    delay_ratio?: number;
                    /**
                     * @description How late a delayed delivery is sent; at least 1 when delay_ratio is above 0
                     * @default 0
                     */
                    delay_seconds?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        duplicate_ratio: number;
                        reorder_ratio: number;
                        reorder_window_seconds: number;
                        delay_ratio: number;
                        delay_seconds: number;
                    };
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, expired, revoked or other-environment access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope payments:read_write */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is too large (JSON 1 MB, a document 10 MB, an onboarding file 4 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not of a content type this route takes (JSON in a charset other than UTF-8, too) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postSandboxSimulationsPayoutsRun: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body within 24 hours replays the first answer (Idempotent-Replayed: true) */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            account_id: string;
                            /** Format: date-time */
                            created_at: string;
                            /** @description The sum of the transfers: the bank-statement line */
                            amount_minor: number;
                            currency: string;
                            /**
                             * @description paid once the money arrived (transfer_completed); failed when the bank sent it back (its transfers then wait for the next payout)
                             * @enum {string}
                             */
                            status: "in_transit" | "paid" | "failed";
                            completed_at: string | null;
                            transfers: {
                                transfer_id: string;
                                payment_id: string;
                                /** @description What the transfer sent: the party amount net of its fee share and of refunds made before the payout */
                                amount_minor: number;
                                currency: string;
                                processing_fee: {
                                    amount_minor: number;
                                    currency: string;
                                };
                                reference: string | null;
                            }[];
                            _links: {
                                self: {
                                    href: string;
                                    methods: string[];
                                };
                            };
                        }[];
                    };
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, expired, revoked or other-environment access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope payments:read_write */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A request with the same Idempotency-Key is in flight, or the state does not allow it */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is too large (JSON 1 MB, a document 10 MB, an onboarding file 4 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not of a content type this route takes (JSON in a charset other than UTF-8, too) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Business rule broken, or Idempotency-Key reused with another body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postSandboxSimulationsRefundsByRefundIdComplete: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body within 24 hours replays the first answer (Idempotent-Replayed: true) */
                "idempotency-key"?: string;
            };
            path: {
                refund_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** Format: date-time */
                        initiated_at: string;
                        /** @enum {string} */
                        status: "initiated" | "completed" | "failed";
                        payment_id: string;
                        amount_minor: number;
                        currency: string;
                        description: string | null;
                        reference: string | null;
                        /**
                         * @description buyer: started by the buyer's bank (a SEPA Direct Debit return, a card chargeback)
                         * @enum {string}
                         */
                        origin: "platform" | "buyer";
                        completed_at: string | null;
                        routing: {
                            platform: {
                                amount_minor: number;
                            };
                            merchants: {
                                id: string;
                                amount_minor: number;
                            }[];
                        };
                        _links: {
                            self: {
                                href: string;
                            };
                            payment: {
                                href: string;
                            };
                        };
                    };
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, expired, revoked or other-environment access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope refunds:initiate */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object for this platform in this environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A request with the same Idempotency-Key is in flight, or the state does not allow it */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is too large (JSON 1 MB, a document 10 MB, an onboarding file 4 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not of a content type this route takes (JSON in a charset other than UTF-8, too) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Business rule broken, or Idempotency-Key reused with another body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postSandboxSimulationsPaymentsByPaymentIdBuyerRefund: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body within 24 hours replays the first answer (Idempotent-Replayed: true) */
                "idempotency-key"?: string;
            };
            path: {
                payment_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "amount_minor": 1000
                 *     }
                 */
                "application/json": {
                    amount_minor: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** Format: date-time */
                        initiated_at: string;
                        /** @enum {string} */
                        status: "initiated" | "completed" | "failed";
                        payment_id: string;
                        amount_minor: number;
                        currency: string;
                        description: string | null;
                        reference: string | null;
                        /**
                         * @description buyer: started by the buyer's bank (a SEPA Direct Debit return, a card chargeback)
                         * @enum {string}
                         */
                        origin: "platform" | "buyer";
                        completed_at: string | null;
                        routing: {
                            platform: {
                                amount_minor: number;
                            };
                            merchants: {
                                id: string;
                                amount_minor: number;
                            }[];
                        };
                        _links: {
                            self: {
                                href: string;
                            };
                            payment: {
                                href: string;
                            };
                        };
                    };
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, expired, revoked or other-environment access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope refunds:initiate */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object for this platform in this environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A request with the same Idempotency-Key is in flight, or the state does not allow it */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is too large (JSON 1 MB, a document 10 MB, an onboarding file 4 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not of a content type this route takes (JSON in a charset other than UTF-8, too) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Business rule broken, or Idempotency-Key reused with another body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getSandboxSimulationsPaymentsByPaymentIdSchedule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                payment_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "now": "2026-01-05T10:00:00.000Z",
                     *       "data": [
                     *         {
                     *           "step": "collection_reported",
                     *           "due_at": "2026-01-07T10:00:00.000Z",
                     *           "due_in_seconds": 172800
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /**
                         * Format: date-time
                         * @description The sandbox clock's time this schedule was read at
                         */
                        now: string;
                        /** @description The scheduled work of this object, soonest first; empty when nothing more is scheduled */
                        data: {
                            /**
                             * @description payment_expires: an open payment ends canceled; collection_reported / refund_reported / payout_reported: the processor reports the money arrived (or failed); refund_sent / payout_sent: the refund or payout is handed to the processor; compliance_decided: the compliance checks decide
                             * @enum {string}
                             */
                            step: "payment_expires" | "collection_reported" | "refund_sent" | "refund_reported" | "payout_sent" | "payout_reported" | "compliance_decided";
                            /**
                             * Format: date-time
                             * @description When it runs, on the sandbox clock (a step past due runs within moments)
                             */
                            due_at: string;
                            /** @description How long until then on the sandbox clock (0: due now) */
                            due_in_seconds: number;
                        }[];
                    };
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, expired, revoked or other-environment access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope payments:read */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object for this platform in this environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getSandboxSimulationsRefundsByRefundIdSchedule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                refund_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "now": "2026-01-05T10:00:00.000Z",
                     *       "data": [
                     *         {
                     *           "step": "collection_reported",
                     *           "due_at": "2026-01-07T10:00:00.000Z",
                     *           "due_in_seconds": 172800
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /**
                         * Format: date-time
                         * @description The sandbox clock's time this schedule was read at
                         */
                        now: string;
                        /** @description The scheduled work of this object, soonest first; empty when nothing more is scheduled */
                        data: {
                            /**
                             * @description payment_expires: an open payment ends canceled; collection_reported / refund_reported / payout_reported: the processor reports the money arrived (or failed); refund_sent / payout_sent: the refund or payout is handed to the processor; compliance_decided: the compliance checks decide
                             * @enum {string}
                             */
                            step: "payment_expires" | "collection_reported" | "refund_sent" | "refund_reported" | "payout_sent" | "payout_reported" | "compliance_decided";
                            /**
                             * Format: date-time
                             * @description When it runs, on the sandbox clock (a step past due runs within moments)
                             */
                            due_at: string;
                            /** @description How long until then on the sandbox clock (0: due now) */
                            due_in_seconds: number;
                        }[];
                    };
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, expired, revoked or other-environment access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope refunds:read */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object for this platform in this environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getSandboxSimulationsPayoutsByPayoutIdSchedule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                payout_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "now": "2026-01-05T10:00:00.000Z",
                     *       "data": [
                     *         {
                     *           "step": "collection_reported",
                     *           "due_at": "2026-01-07T10:00:00.000Z",
                     *           "due_in_seconds": 172800
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /**
                         * Format: date-time
                         * @description The sandbox clock's time this schedule was read at
                         */
                        now: string;
                        /** @description The scheduled work of this object, soonest first; empty when nothing more is scheduled */
                        data: {
                            /**
                             * @description payment_expires: an open payment ends canceled; collection_reported / refund_reported / payout_reported: the processor reports the money arrived (or failed); refund_sent / payout_sent: the refund or payout is handed to the processor; compliance_decided: the compliance checks decide
                             * @enum {string}
                             */
                            step: "payment_expires" | "collection_reported" | "refund_sent" | "refund_reported" | "payout_sent" | "payout_reported" | "compliance_decided";
                            /**
                             * Format: date-time
                             * @description When it runs, on the sandbox clock (a step past due runs within moments)
                             */
                            due_at: string;
                            /** @description How long until then on the sandbox clock (0: due now) */
                            due_in_seconds: number;
                        }[];
                    };
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, expired, revoked or other-environment access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope payouts:read */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object for this platform in this environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getSandboxSimulationsApplicationsByApplicationIdSchedule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                application_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "now": "2026-01-05T10:00:00.000Z",
                     *       "data": [
                     *         {
                     *           "step": "collection_reported",
                     *           "due_at": "2026-01-07T10:00:00.000Z",
                     *           "due_in_seconds": 172800
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /**
                         * Format: date-time
                         * @description The sandbox clock's time this schedule was read at
                         */
                        now: string;
                        /** @description The scheduled work of this object, soonest first; empty when nothing more is scheduled */
                        data: {
                            /**
                             * @description payment_expires: an open payment ends canceled; collection_reported / refund_reported / payout_reported: the processor reports the money arrived (or failed); refund_sent / payout_sent: the refund or payout is handed to the processor; compliance_decided: the compliance checks decide
                             * @enum {string}
                             */
                            step: "payment_expires" | "collection_reported" | "refund_sent" | "refund_reported" | "payout_sent" | "payout_reported" | "compliance_decided";
                            /**
                             * Format: date-time
                             * @description When it runs, on the sandbox clock (a step past due runs within moments)
                             */
                            due_at: string;
                            /** @description How long until then on the sandbox clock (0: due now) */
                            due_in_seconds: number;
                        }[];
                    };
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, expired, revoked or other-environment access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope onboarding:initiate */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object for this platform in this environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postSandboxSimulationsPaymentsByPaymentIdExpire: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body within 24 hours replays the first answer (Idempotent-Replayed: true) */
                "idempotency-key"?: string;
            };
            path: {
                payment_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        amount_minor: number;
                        currency: string;
                        /** Format: date-time */
                        initiated_at: string;
                        /** Format: date-time */
                        expires_at: string;
                        /** @enum {string} */
                        status: "initiated" | "started" | "authorized" | "captured" | "completed" | "declined" | "not_completed" | "authentication_failed" | "canceled";
                        payment_method: {
                            /** @enum {string} */
                            type: "card" | "sepa_direct_debit" | "user_selected";
                        };
                        processing_fee: {
                            amount_minor: number;
                            currency: string;
                        } | null;
                        routing: {
                            platform: {
                                id: string;
                                amount_minor: number;
                                processing_fee_contribution: number;
                                refundable_amount: number;
                                transfer: {
                                    transfer_id: string;
                                    amount_minor: number;
                                    processing_fee: {
                                        amount_minor: number;
                                        currency: string;
                                    };
                                } | null;
                            };
                            merchants: {
                                id: string;
                                /** @enum {string} */
                                type: "seller" | "merchant";
                                reference: string | null;
                                amount_minor: number;
                                processing_fee_contribution: number;
                                refundable_amount: number;
                                transfer: {
                                    transfer_id: string;
                                    amount_minor: number;
                                    processing_fee: {
                                        amount_minor: number;
                                        currency: string;
                                    };
                                } | null;
                            }[];
                        };
                        succeeded: boolean;
                        reference: string;
                        description: string | null;
                        /** @enum {string} */
                        cit_mode: "one_off" | "initial" | "merchant_initiated";
                        initial_payment_id: string | null;
                        _links: {
                            self: {
                                href: string;
                            };
                            hosted_page?: {
                                href: string;
                            };
                            qr_code?: {
                                href: string;
                            };
                        };
                    };
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, expired, revoked or other-environment access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope payments:read_write */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object for this platform in this environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A request with the same Idempotency-Key is in flight, or the state does not allow it */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is too large (JSON 1 MB, a document 10 MB, an onboarding file 4 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not of a content type this route takes (JSON in a charset other than UTF-8, too) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Business rule broken, or Idempotency-Key reused with another body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postSandboxSimulationsPaymentsByPaymentIdSettle: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body within 24 hours replays the first answer (Idempotent-Replayed: true) */
                "idempotency-key"?: string;
            };
            path: {
                payment_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        amount_minor: number;
                        currency: string;
                        /** Format: date-time */
                        initiated_at: string;
                        /** Format: date-time */
                        expires_at: string;
                        /** @enum {string} */
                        status: "initiated" | "started" | "authorized" | "captured" | "completed" | "declined" | "not_completed" | "authentication_failed" | "canceled";
                        payment_method: {
                            /** @enum {string} */
                            type: "card" | "sepa_direct_debit" | "user_selected";
                        };
                        processing_fee: {
                            amount_minor: number;
                            currency: string;
                        } | null;
                        routing: {
                            platform: {
                                id: string;
                                amount_minor: number;
                                processing_fee_contribution: number;
                                refundable_amount: number;
                                transfer: {
                                    transfer_id: string;
                                    amount_minor: number;
                                    processing_fee: {
                                        amount_minor: number;
                                        currency: string;
                                    };
                                } | null;
                            };
                            merchants: {
                                id: string;
                                /** @enum {string} */
                                type: "seller" | "merchant";
                                reference: string | null;
                                amount_minor: number;
                                processing_fee_contribution: number;
                                refundable_amount: number;
                                transfer: {
                                    transfer_id: string;
                                    amount_minor: number;
                                    processing_fee: {
                                        amount_minor: number;
                                        currency: string;
                                    };
                                } | null;
                            }[];
                        };
                        succeeded: boolean;
                        reference: string;
                        description: string | null;
                        /** @enum {string} */
                        cit_mode: "one_off" | "initial" | "merchant_initiated";
                        initial_payment_id: string | null;
                        _links: {
                            self: {
                                href: string;
                            };
                            hosted_page?: {
                                href: string;
                            };
                            qr_code?: {
                                href: string;
                            };
                        };
                    };
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, expired, revoked or other-environment access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope payments:read_write */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object for this platform in this environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A request with the same Idempotency-Key is in flight, or the state does not allow it */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is too large (JSON 1 MB, a document 10 MB, an onboarding file 4 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not of a content type this route takes (JSON in a charset other than UTF-8, too) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Business rule broken, or Idempotency-Key reused with another body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postSandboxSimulationsPaymentsByPaymentIdReturn: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body within 24 hours replays the first answer (Idempotent-Replayed: true) */
                "idempotency-key"?: string;
            };
            path: {
                payment_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        amount_minor: number;
                        currency: string;
                        /** Format: date-time */
                        initiated_at: string;
                        /** Format: date-time */
                        expires_at: string;
                        /** @enum {string} */
                        status: "initiated" | "started" | "authorized" | "captured" | "completed" | "declined" | "not_completed" | "authentication_failed" | "canceled";
                        payment_method: {
                            /** @enum {string} */
                            type: "card" | "sepa_direct_debit" | "user_selected";
                        };
                        processing_fee: {
                            amount_minor: number;
                            currency: string;
                        } | null;
                        routing: {
                            platform: {
                                id: string;
                                amount_minor: number;
                                processing_fee_contribution: number;
                                refundable_amount: number;
                                transfer: {
                                    transfer_id: string;
                                    amount_minor: number;
                                    processing_fee: {
                                        amount_minor: number;
                                        currency: string;
                                    };
                                } | null;
                            };
                            merchants: {
                                id: string;
                                /** @enum {string} */
                                type: "seller" | "merchant";
                                reference: string | null;
                                amount_minor: number;
                                processing_fee_contribution: number;
                                refundable_amount: number;
                                transfer: {
                                    transfer_id: string;
                                    amount_minor: number;
                                    processing_fee: {
                                        amount_minor: number;
                                        currency: string;
                                    };
                                } | null;
                            }[];
                        };
                        succeeded: boolean;
                        reference: string;
                        description: string | null;
                        /** @enum {string} */
                        cit_mode: "one_off" | "initial" | "merchant_initiated";
                        initial_payment_id: string | null;
                        _links: {
                            self: {
                                href: string;
                            };
                            hosted_page?: {
                                href: string;
                            };
                            qr_code?: {
                                href: string;
                            };
                        };
                    };
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, expired, revoked or other-environment access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope payments:read_write */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object for this platform in this environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A request with the same Idempotency-Key is in flight, or the state does not allow it */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is too large (JSON 1 MB, a document 10 MB, an onboarding file 4 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not of a content type this route takes (JSON in a charset other than UTF-8, too) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Business rule broken, or Idempotency-Key reused with another body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postSandboxSimulationsRefundsByRefundIdFail: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body within 24 hours replays the first answer (Idempotent-Replayed: true) */
                "idempotency-key"?: string;
            };
            path: {
                refund_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** Format: date-time */
                        initiated_at: string;
                        /** @enum {string} */
                        status: "initiated" | "completed" | "failed";
                        payment_id: string;
                        amount_minor: number;
                        currency: string;
                        description: string | null;
                        reference: string | null;
                        /**
                         * @description buyer: started by the buyer's bank (a SEPA Direct Debit return, a card chargeback)
                         * @enum {string}
                         */
                        origin: "platform" | "buyer";
                        completed_at: string | null;
                        routing: {
                            platform: {
                                amount_minor: number;
                            };
                            merchants: {
                                id: string;
                                amount_minor: number;
                            }[];
                        };
                        _links: {
                            self: {
                                href: string;
                            };
                            payment: {
                                href: string;
                            };
                        };
                    };
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, expired, revoked or other-environment access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope refunds:initiate */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object for this platform in this environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A request with the same Idempotency-Key is in flight, or the state does not allow it */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is too large (JSON 1 MB, a document 10 MB, an onboarding file 4 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not of a content type this route takes (JSON in a charset other than UTF-8, too) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Business rule broken, or Idempotency-Key reused with another body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getOperatorPayoutFiles: {
        parameters: {
            query?: {
                environment?: "live" | "sandbox";
                /** @description At most this many, newest first */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description The pain.001 message id (MsgId), unique for ever */
                            id: string;
                            /** @enum {string} */
                            environment: "live" | "sandbox";
                            /** Format: date-time */
                            created_at: string;
                            /** @description NbOfTxs: one credit transfer per payout */
                            payout_count: number;
                            /** @description CtrlSum in minor units: the sum of the payouts */
                            control_sum_minor: number;
                            currency: string;
                            /**
                             * @description pending: claimed at the cut-off, its XML not written yet (it will be, once)
                             * @enum {string}
                             */
                            status: "written" | "pending";
                            _links: {
                                download: {
                                    href: string;
                                };
                            };
                        }[];
                    };
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong operator token (OPERATOR_TOKEN) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object, or no OPERATOR_TOKEN is set: the operator API answers nobody */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getOperatorPayoutFilesByFileId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                file_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The application/xml content */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/xml": string;
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong operator token (OPERATOR_TOKEN) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object, or no OPERATOR_TOKEN is set: the operator API answers nobody */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postOperatorBankStatements: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description The camt.053.001.08 file as the bank gave it */
        requestBody: {
            content: {
                /** @example <?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt>…</BkToCstmrStmt></Document> */
                "application/xml": string;
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statement_id: string;
                        /** @description The same statement (the same content, or the same message id on the same account) was imported before: nothing changed */
                        duplicate: boolean;
                        entries: number;
                        /** @description Payouts the statement books as paid */
                        paid: number;
                        /** @description Payouts it reports returned: failed, their transfers waiting again, the payout account refused */
                        returned: number;
                        /** @description Entries kept for the operator: matching no payout, or not its amount */
                        exceptions: number;
                    };
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong operator token (OPERATOR_TOKEN) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object, or no OPERATOR_TOKEN is set: the operator API answers nobody */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is too large (JSON 1 MB, a document 10 MB, an onboarding file 4 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not of a content type this route takes (JSON in a charset other than UTF-8, too) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The file is not a camt.053.001.08 statement this server reads */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getOperatorBankStatementExceptions: {
        parameters: {
            query?: {
                /** @description At most this many, newest first */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            statement_id: string;
                            /** @enum {string} */
                            reason: "no_end_to_end_id" | "unknown_end_to_end_id" | "amount_differs" | "currency_differs" | "unexplained_credit" | "repeated_for_payout";
                            end_to_end_id: string | null;
                            amount_minor: number;
                            currency: string;
                            /** @enum {string} */
                            credit_debit: "CRDT" | "DBIT";
                            booking_date: string | null;
                            /** Format: date-time */
                            created_at: string;
                        }[];
                    };
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong operator token (OPERATOR_TOKEN) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object, or no OPERATOR_TOKEN is set: the operator API answers nobody */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getHealthz: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status: string;
                    };
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getReadyz: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status: string;
                    };
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getMetrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The text/plain; version=0.0.4 content */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain; version=0.0.4": string;
                };
            };
            /** @description Missing or wrong metrics token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No METRICS_TOKEN is set: metrics are served on the listener of METRICS_PORT alone */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getSimulator3dsByChallengeId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                challenge_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The text/html content */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postSimulator3dsByChallengeId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                challenge_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "outcome": "pass"
                 *     }
                 */
                "application/json": {
                    /** @enum {string} */
                    outcome: "pass" | "fail";
                };
            };
        };
        responses: {
            /** @description See Other: follow the Location header */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is too large (JSON 1 MB, a document 10 MB, an onboarding file 4 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not of a content type this route takes (JSON in a charset other than UTF-8, too) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getSimulatorBank: {
        parameters: {
            query: {
                token: string;
                /** @description Prefills the form (the sandbox's test IBANs link here) */
                iban?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The text/html content */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postSimulatorBankVerify: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "token": "bnk_3f2a9c1e5b7d40a1c2e3f4a5",
                 *       "iban": "DE89370400440532013000",
                 *       "account_holder": "Erika Mustermann",
                 *       "account_type": "consumer"
                 *     }
                 */
                "application/json": {
                    token: string;
                    iban: string;
                    account_holder?: string;
                    /** @enum {string} */
                    account_type?: "consumer" | "business";
                };
            };
        };
        responses: {
            /** @description See Other: follow the Location header */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is too large (JSON 1 MB, a document 10 MB, an onboarding file 4 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not of a content type this route takes (JSON in a charset other than UTF-8, too) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getBrandLogosByDocumentId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                document_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The image/png or image/jpeg or image/svg+xml content */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/png": string;
                    "image/jpeg": string;
                    "image/svg+xml": string;
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getHppPaymentsByPaymentId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                payment_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        amount_minor: number;
                        currency: string;
                        /** @enum {string} */
                        status: "initiated" | "started" | "authorized" | "captured" | "completed" | "declined" | "not_completed" | "authentication_failed" | "canceled";
                        /** Format: date-time */
                        expires_at: string;
                        description: string | null;
                        /** @description Decimals of the currency (ISO 4217): amount_minor / 10^minor_units is the amount in the currency */
                        minor_units: number;
                        language: ("de" | "en" | "es") | null;
                        branding: {
                            /** @enum {string} */
                            format: "merchant_primary" | "platform_primary";
                            platform: {
                                name: string;
                                colors: {
                                    /** @description HEX colour */
                                    primary: string;
                                    /** @description HEX colour */
                                    secondary: string;
                                };
                                logo_url: string | null;
                            };
                            merchant: {
                                name: string;
                                colors: {
                                    /** @description HEX colour */
                                    primary: string;
                                    /** @description HEX colour */
                                    secondary: string;
                                };
                                logo_url: string | null;
                            };
                            /**
                             * @description The brand the page leads with (header, colours, logo), from the format and whether the merchant set a branding
                             * @enum {string}
                             */
                            shown: "platform" | "merchant";
                        };
                        payment_methods: {
                            /** @enum {string} */
                            type: "card" | "sepa_direct_debit";
                            name: string;
                            description: string;
                            _links: {
                                [key: string]: {
                                    href: string;
                                    methods?: string[];
                                };
                            };
                        }[];
                        tokenization: {
                            merchant_id: number;
                        };
                        requires_store_credentials: boolean;
                        customer: {
                            [key: string]: unknown;
                        } | null;
                        /** @description A sandbox payment: nothing is charged, the page says so */
                        sandbox: boolean;
                        payment_instrument: {
                            /** @enum {string} */
                            type: "card" | "sepa_direct_debit";
                            scheme?: string;
                            last4?: string;
                            /** @description Masked: country, check digits and the last four (DE89 •••• 3000) */
                            iban?: string;
                            mandate_reference?: string;
                        } | null;
                        workflow: {
                            complete: boolean;
                            /** @enum {string} */
                            next: "hpp:start" | "hpp:authorize" | "hpp:complete";
                        };
                        _links: {
                            [key: string]: {
                                href: string;
                                methods?: string[];
                            };
                        };
                    };
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong payment page token (or 3-D Secure authentication token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The payment is not in a state that allows this step */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The payment expired: its page is gone and the payment canceled */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postHppPaymentsByPaymentIdStart: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                payment_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "type": "card"
                 *     }
                 */
                "application/json": {
                    /** @enum {string} */
                    type?: "card" | "sepa_direct_debit";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "initiated" | "started" | "authorized" | "captured" | "completed" | "declined" | "not_completed" | "authentication_failed" | "canceled";
                        succeeded: boolean;
                        decline_reason?: string;
                        workflow: {
                            complete: boolean;
                            /** @enum {string} */
                            next: "hpp:start" | "hpp:authorize" | "hpp:complete";
                        };
                        _links: {
                            [key: string]: {
                                href: string;
                                methods?: string[];
                            };
                        };
                    };
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong payment page token (or 3-D Secure authentication token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The payment is not in a state that allows this step */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The payment expired: its page is gone and the payment canceled */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is too large (JSON 1 MB, a document 10 MB, an onboarding file 4 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not of a content type this route takes (JSON in a charset other than UTF-8, too) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postHppPaymentsByPaymentIdTokenize: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                payment_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "card",
                 *       "value": "4242424242424242",
                 *       "issuer": "visa",
                 *       "token_data": {
                 *         "expiry_month": 12,
                 *         "expiry_year": 2034,
                 *         "cvv": "123",
                 *         "holder_name": "Erika Mustermann"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @enum {string} */
                    type: "card";
                    /** Format: card-number */
                    value: string;
                    /** @description Card scheme: visa, mastercard, amex, … */
                    issuer: string;
                    token_data: {
                        expiry_month: number;
                        expiry_year: number;
                        /** Format: cvv */
                        cvv: string;
                        /** Format: plain-line */
                        holder_name?: string;
                        "3ds_version"?: string;
                        "3ds_trxid"?: string;
                        response_id?: string;
                        response_code?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        token: string;
                        /** Format: date-time */
                        expires_at: string;
                    };
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong payment page token (or 3-D Secure authentication token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The payment is not in a state that allows this step */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The payment expired: its page is gone and the payment canceled */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is too large (JSON 1 MB, a document 10 MB, an onboarding file 4 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not of a content type this route takes (JSON in a charset other than UTF-8, too) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postHppPaymentsByPaymentIdAuthorize: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                payment_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token: string;
                    browser_info?: {
                        screen_width: number;
                        screen_height: number;
                        color_depth: number;
                        /** @description minutes from UTC as JavaScript's Date#getTimezoneOffset() gives them (UTC+1: -60) */
                        time_zone_offset: number;
                        /** @description navigator.languages, the preferred first */
                        languages: string[];
                        java_enabled?: boolean;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "initiated" | "started" | "authorized" | "captured" | "completed" | "declined" | "not_completed" | "authentication_failed" | "canceled";
                        succeeded: boolean;
                        decline_reason?: string;
                        workflow: {
                            complete: boolean;
                            /** @enum {string} */
                            next: "hpp:start" | "hpp:authorize" | "hpp:complete";
                        };
                        _links: {
                            [key: string]: {
                                href: string;
                                methods?: string[];
                            };
                        };
                    };
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong payment page token (or 3-D Secure authentication token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The payment is not in a state that allows this step */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The payment expired: its page is gone and the payment canceled */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is too large (JSON 1 MB, a document 10 MB, an onboarding file 4 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not of a content type this route takes (JSON in a charset other than UTF-8, too) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postHppPaymentsByPaymentIdCancel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                payment_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "initiated" | "started" | "authorized" | "captured" | "completed" | "declined" | "not_completed" | "authentication_failed" | "canceled";
                        succeeded: boolean;
                        decline_reason?: string;
                        workflow: {
                            complete: boolean;
                            /** @enum {string} */
                            next: "hpp:start" | "hpp:authorize" | "hpp:complete";
                        };
                        _links: {
                            [key: string]: {
                                href: string;
                                methods?: string[];
                            };
                        };
                    };
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong payment page token (or 3-D Secure authentication token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The payment is not in a state that allows this step */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The payment expired: its page is gone and the payment canceled */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is too large (JSON 1 MB, a document 10 MB, an onboarding file 4 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not of a content type this route takes (JSON in a charset other than UTF-8, too) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postHppCallbacks3ds: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "payment_id": "pay_01JD3V6Q2W8X9Y0Z1A2B3C4D5E",
                 *       "svc_token": "3f2a9c1e5b7d40a1c2e3f4a5b6c7d8e9",
                 *       "3ds_eci": "05",
                 *       "3ds_cavv": "AAABBEg0VhI0VniQEjRWAAAAAAA=",
                 *       "3ds_trxid": "9f8e7d6c5b4a39281706f5e4d3c2b1a0",
                 *       "3ds_version": "2.2.0",
                 *       "3ds_status": "Y",
                 *       "3ds_valid_payment": "Y"
                 *     }
                 */
                "application/json": {
                    payment_id: string;
                    svc_token: string;
                    "3ds_eci"?: string;
                    "3ds_cavv"?: string;
                    "3ds_trxid"?: string;
                    "3ds_version": string;
                    /** @enum {string} */
                    "3ds_status"?: "Y" | "A" | "N" | "U";
                    /** @enum {string} */
                    "3ds_valid_payment": "Y" | "N";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "initiated" | "started" | "authorized" | "captured" | "completed" | "declined" | "not_completed" | "authentication_failed" | "canceled";
                        succeeded: boolean;
                        decline_reason?: string;
                        workflow: {
                            complete: boolean;
                            /** @enum {string} */
                            next: "hpp:start" | "hpp:authorize" | "hpp:complete";
                        };
                        _links: {
                            [key: string]: {
                                href: string;
                                methods?: string[];
                            };
                        };
                    };
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong payment page token (or 3-D Secure authentication token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The payment is not in a state that allows this step */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The payment expired: its page is gone and the payment canceled */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is too large (JSON 1 MB, a document 10 MB, an onboarding file 4 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not of a content type this route takes (JSON in a charset other than UTF-8, too) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getHppPaymentsByPaymentIdMandateRequirements: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                payment_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        type?: "consumer" | "business";
                        registration_numbers?: {
                            code: string;
                            name: string;
                            district_court_code: {
                                required: boolean;
                            };
                        }[];
                        district_courts?: {
                            code: string;
                            name: string;
                        }[];
                        fields?: string[];
                        mandate_legal_mention?: string;
                        /** @description The countries of the SEPA scheme (ISO 3166-1 alpha-2), for the address and place of birth */
                        countries?: string[];
                        /** @description Who collects under the mandate */
                        creditor?: {
                            name: string;
                            address: string;
                            /** @description SEPA creditor identifier */
                            identifier: string;
                        };
                        /** @description The reference the mandate will carry */
                        mandate_reference?: string;
                        /** @description The verified account */
                        account?: {
                            /** @description Masked (DE89 •••• 3000) */
                            iban: string;
                            holder: string | null;
                        };
                    };
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong payment page token (or 3-D Secure authentication token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The payment is not in a state that allows this step */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The payment expired: its page is gone and the payment canceled */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postHppPaymentsByPaymentIdMandate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                payment_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "consumer",
                 *       "first_name": "Erika",
                 *       "last_name": "Mustermann",
                 *       "birth_date": "1985-04-12",
                 *       "birth_place": {
                 *         "city": "Köln",
                 *         "country": "DE"
                 *       },
                 *       "postal_address": {
                 *         "line1": "Heidestraße",
                 *         "number": 17,
                 *         "town_city": "Köln",
                 *         "zip": "51147",
                 *         "country": "DE"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @enum {string} */
                    type: "consumer" | "business";
                    /** Format: name */
                    first_name?: string;
                    /** Format: name */
                    last_name?: string;
                    /** Format: date */
                    birth_date?: string;
                    birth_place?: {
                        /** Format: plain-line */
                        city: string;
                        /**
                         * Format: country
                         * @enum {string}
                         */
                        country: "AD" | "AE" | "AF" | "AG" | "AI" | "AL" | "AM" | "AO" | "AQ" | "AR" | "AS" | "AT" | "AU" | "AW" | "AX" | "AZ" | "BA" | "BB" | "BD" | "BE" | "BF" | "BG" | "BH" | "BI" | "BJ" | "BL" | "BM" | "BN" | "BO" | "BQ" | "BR" | "BS" | "BT" | "BV" | "BW" | "BY" | "BZ" | "CA" | "CC" | "CD" | "CF" | "CG" | "CH" | "CI" | "CK" | "CL" | "CM" | "CN" | "CO" | "CR" | "CU" | "CV" | "CW" | "CX" | "CY" | "CZ" | "DE" | "DJ" | "DK" | "DM" | "DO" | "DZ" | "EC" | "EE" | "EG" | "EH" | "ER" | "ES" | "ET" | "FI" | "FJ" | "FK" | "FM" | "FO" | "FR" | "GA" | "GB" | "GD" | "GE" | "GF" | "GG" | "GH" | "GI" | "GL" | "GM" | "GN" | "GP" | "GQ" | "GR" | "GS" | "GT" | "GU" | "GW" | "GY" | "HK" | "HM" | "HN" | "HR" | "HT" | "HU" | "ID" | "IE" | "IL" | "IM" | "IN" | "IO" | "IQ" | "IR" | "IS" | "IT" | "JE" | "JM" | "JO" | "JP" | "KE" | "KG" | "KH" | "KI" | "KM" | "KN" | "KP" | "KR" | "KW" | "KY" | "KZ" | "LA" | "LB" | "LC" | "LI" | "LK" | "LR" | "LS" | "LT" | "LU" | "LV" | "LY" | "MA" | "MC" | "MD" | "ME" | "MF" | "MG" | "MH" | "MK" | "ML" | "MM" | "MN" | "MO" | "MP" | "MQ" | "MR" | "MS" | "MT" | "MU" | "MV" | "MW" | "MX" | "MY" | "MZ" | "NA" | "NC" | "NE" | "NF" | "NG" | "NI" | "NL" | "NO" | "NP" | "NR" | "NU" | "NZ" | "OM" | "PA" | "PE" | "PF" | "PG" | "PH" | "PK" | "PL" | "PM" | "PN" | "PR" | "PS" | "PT" | "PW" | "PY" | "QA" | "RE" | "RO" | "RS" | "RU" | "RW" | "SA" | "SB" | "SC" | "SD" | "SE" | "SG" | "SH" | "SI" | "SJ" | "SK" | "SL" | "SM" | "SN" | "SO" | "SR" | "SS" | "ST" | "SV" | "SX" | "SY" | "SZ" | "TC" | "TD" | "TF" | "TG" | "TH" | "TJ" | "TK" | "TL" | "TM" | "TN" | "TO" | "TR" | "TT" | "TV" | "TW" | "TZ" | "UA" | "UG" | "UM" | "US" | "UY" | "UZ" | "VA" | "VC" | "VE" | "VG" | "VI" | "VN" | "VU" | "WF" | "WS" | "XK" | "YE" | "YT" | "ZA" | "ZM" | "ZW";
                    };
                    /** Format: name */
                    company_name?: string;
                    /** @enum {string} */
                    registration_number_code?: "DeHrb" | "DeHra" | "DeVr" | "vat";
                    registration_number?: string;
                    district_court_code?: string;
                    postal_address: {
                        /** Format: plain-line */
                        line1: string;
                        /** Format: plain-line */
                        line2?: string;
                        /** @description House number */
                        number?: number;
                        /** Format: plain-line */
                        town_city: string;
                        /** Format: plain-line */
                        state?: string;
                        /** Format: plain-line */
                        zip: string;
                        /**
                         * Format: country
                         * @description Not a member of the specification's Address: the country of its context when absent, and must be it when given
                         * @enum {string}
                         */
                        country?: "AD" | "AE" | "AF" | "AG" | "AI" | "AL" | "AM" | "AO" | "AQ" | "AR" | "AS" | "AT" | "AU" | "AW" | "AX" | "AZ" | "BA" | "BB" | "BD" | "BE" | "BF" | "BG" | "BH" | "BI" | "BJ" | "BL" | "BM" | "BN" | "BO" | "BQ" | "BR" | "BS" | "BT" | "BV" | "BW" | "BY" | "BZ" | "CA" | "CC" | "CD" | "CF" | "CG" | "CH" | "CI" | "CK" | "CL" | "CM" | "CN" | "CO" | "CR" | "CU" | "CV" | "CW" | "CX" | "CY" | "CZ" | "DE" | "DJ" | "DK" | "DM" | "DO" | "DZ" | "EC" | "EE" | "EG" | "EH" | "ER" | "ES" | "ET" | "FI" | "FJ" | "FK" | "FM" | "FO" | "FR" | "GA" | "GB" | "GD" | "GE" | "GF" | "GG" | "GH" | "GI" | "GL" | "GM" | "GN" | "GP" | "GQ" | "GR" | "GS" | "GT" | "GU" | "GW" | "GY" | "HK" | "HM" | "HN" | "HR" | "HT" | "HU" | "ID" | "IE" | "IL" | "IM" | "IN" | "IO" | "IQ" | "IR" | "IS" | "IT" | "JE" | "JM" | "JO" | "JP" | "KE" | "KG" | "KH" | "KI" | "KM" | "KN" | "KP" | "KR" | "KW" | "KY" | "KZ" | "LA" | "LB" | "LC" | "LI" | "LK" | "LR" | "LS" | "LT" | "LU" | "LV" | "LY" | "MA" | "MC" | "MD" | "ME" | "MF" | "MG" | "MH" | "MK" | "ML" | "MM" | "MN" | "MO" | "MP" | "MQ" | "MR" | "MS" | "MT" | "MU" | "MV" | "MW" | "MX" | "MY" | "MZ" | "NA" | "NC" | "NE" | "NF" | "NG" | "NI" | "NL" | "NO" | "NP" | "NR" | "NU" | "NZ" | "OM" | "PA" | "PE" | "PF" | "PG" | "PH" | "PK" | "PL" | "PM" | "PN" | "PR" | "PS" | "PT" | "PW" | "PY" | "QA" | "RE" | "RO" | "RS" | "RU" | "RW" | "SA" | "SB" | "SC" | "SD" | "SE" | "SG" | "SH" | "SI" | "SJ" | "SK" | "SL" | "SM" | "SN" | "SO" | "SR" | "SS" | "ST" | "SV" | "SX" | "SY" | "SZ" | "TC" | "TD" | "TF" | "TG" | "TH" | "TJ" | "TK" | "TL" | "TM" | "TN" | "TO" | "TR" | "TT" | "TV" | "TW" | "TZ" | "UA" | "UG" | "UM" | "US" | "UY" | "UZ" | "VA" | "VC" | "VE" | "VG" | "VI" | "VN" | "VU" | "WF" | "WS" | "XK" | "YE" | "YT" | "ZA" | "ZM" | "ZW";
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "initiated" | "started" | "authorized" | "captured" | "completed" | "declined" | "not_completed" | "authentication_failed" | "canceled";
                        succeeded: boolean;
                        decline_reason?: string;
                        workflow: {
                            complete: boolean;
                            /** @enum {string} */
                            next: "hpp:start" | "hpp:authorize" | "hpp:complete";
                        };
                        _links: {
                            [key: string]: {
                                href: string;
                                methods?: string[];
                            };
                        };
                    };
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong payment page token (or 3-D Secure authentication token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The payment is not in a state that allows this step */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The payment expired: its page is gone and the payment canceled */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is too large (JSON 1 MB, a document 10 MB, an onboarding file 4 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not of a content type this route takes (JSON in a charset other than UTF-8, too) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getHppCallbacksAccountVerification: {
        parameters: {
            query: {
                /** @description The verification report; empty when the verification failed (then error, error_reason, message and tracking_id say why) */
                report_id: string;
                error?: string;
                error_reason?: string;
                message?: string;
                tracking_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description See Other: follow the Location header */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong payment page token (or 3-D Secure authentication token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The payment is not in a state that allows this step */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The payment expired: its page is gone and the payment canceled */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getSmoApplication: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        status: "initiated" | "in_progress" | "submitted" | "succeeded" | "action_required";
                        /** @enum {string} */
                        language: "de" | "en" | "es";
                        platform: {
                            name: string;
                            colors: {
                                primary_color: string;
                                secondary_color: string;
                            };
                            logo_url: string | null;
                        };
                        applicant: {
                            first_name: string;
                            last_name: string;
                            email: string;
                            nationality?: string;
                            /** @enum {string} */
                            gender?: "male" | "female" | "na";
                            /** @description The person must be at least 16 years old today */
                            date_of_birth?: string;
                            /** @description Politically exposed person */
                            pep?: boolean;
                            /** @description Required when pep is true */
                            pep_description?: string;
                            roles?: ("executive" | "owner" | "director")[];
                        };
                        business: {
                            type: string | null;
                            structure: string | null;
                            country_code: string | null;
                            profile: {
                                legal_name?: string;
                                trading_name?: string;
                                /** @enum {string} */
                                registration_number_code?: "DeHrb" | "DeHra" | "DeVr" | "SiTin" | "EeKmkr";
                                /** @description Checked against the format of the structure's register */
                                registration_number?: string;
                                district_court_code?: string;
                                vat_number?: string;
                                registered_address?: {
                                    line1: string;
                                    line2?: string;
                                    /** @description House number */
                                    number?: number;
                                    town_city: string;
                                    state?: string;
                                    zip: string;
                                    /** @description Not a member of the specification's Address: the country of its context when absent, and must be it when given */
                                    country?: string;
                                };
                                /** @description ISO 18245 merchant category code from GET /reference/merchant-category-codes */
                                mcc?: string;
                                website?: string;
                                phone_number?: {
                                    /** @description ISO 3166-1 alpha-2 country of the number */
                                    country_code: string;
                                    number: string;
                                };
                            } | null;
                        };
                        representatives: {
                            id: string;
                            /** @example awaiting_documents */
                            status: string;
                            first_name: string;
                            last_name: string;
                            email: string;
                            roles: ("executive" | "owner" | "director")[];
                            /** @description The person must be at least 16 years old today */
                            date_of_birth: string;
                            pep: boolean;
                            nationality?: string;
                            /** @description Required when pep is true */
                            pep_description?: string;
                        }[];
                        documents: {
                            id: string;
                            /** @enum {string} */
                            type: "passport" | "id" | "driving_license" | "selfie_with_id" | "company_registration" | "bank_account_proof";
                            side: ("front" | "back") | null;
                            filename: string;
                            content_type: string;
                            /** @description Bytes */
                            size: number;
                            /** Format: date-time */
                            uploaded_at: string;
                        }[];
                        payout_account: {
                            account_number: {
                                /** @enum {string} */
                                type: "iban";
                                value: string;
                            };
                            account_owners_name: string;
                            currency: string;
                        } | null;
                        currencies: string[];
                        workflow: {
                            previous: string | null;
                            next: string | null;
                            complete: boolean;
                        };
                        _links: {
                            [key: string]: {
                                href: string;
                                methods: string[];
                            };
                        };
                    };
                };
            };
            /** @description Missing, expired or replaced onboarding token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A step this one needs is missing, or the application was submitted */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getMerchantsApplication: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        status: "initiated" | "in_progress" | "submitted" | "succeeded" | "action_required";
                        /** @enum {string} */
                        language: "de" | "en" | "es";
                        platform: {
                            name: string;
                            colors: {
                                primary_color: string;
                                secondary_color: string;
                            };
                            logo_url: string | null;
                        };
                        applicant: {
                            first_name: string;
                            last_name: string;
                            email: string;
                            nationality?: string;
                            /** @enum {string} */
                            gender?: "male" | "female" | "na";
                            /** @description The person must be at least 16 years old today */
                            date_of_birth?: string;
                            /** @description Politically exposed person */
                            pep?: boolean;
                            /** @description Required when pep is true */
                            pep_description?: string;
                            roles?: ("executive" | "owner" | "director")[];
                        };
                        business: {
                            type: string | null;
                            structure: string | null;
                            country_code: string | null;
                            profile: {
                                legal_name?: string;
                                trading_name?: string;
                                /** @enum {string} */
                                registration_number_code?: "DeHrb" | "DeHra" | "DeVr" | "SiTin" | "EeKmkr";
                                /** @description Checked against the format of the structure's register */
                                registration_number?: string;
                                district_court_code?: string;
                                vat_number?: string;
                                registered_address?: {
                                    line1: string;
                                    line2?: string;
                                    /** @description House number */
                                    number?: number;
                                    town_city: string;
                                    state?: string;
                                    zip: string;
                                    /** @description Not a member of the specification's Address: the country of its context when absent, and must be it when given */
                                    country?: string;
                                };
                                /** @description ISO 18245 merchant category code from GET /reference/merchant-category-codes */
                                mcc?: string;
                                website?: string;
                                phone_number?: {
                                    /** @description ISO 3166-1 alpha-2 country of the number */
                                    country_code: string;
                                    number: string;
                                };
                            } | null;
                        };
                        representatives: {
                            id: string;
                            /** @example awaiting_documents */
                            status: string;
                            first_name: string;
                            last_name: string;
                            email: string;
                            roles: ("executive" | "owner" | "director")[];
                            /** @description The person must be at least 16 years old today */
                            date_of_birth: string;
                            pep: boolean;
                            nationality?: string;
                            /** @description Required when pep is true */
                            pep_description?: string;
                        }[];
                        documents: {
                            id: string;
                            /** @enum {string} */
                            type: "passport" | "id" | "driving_license" | "selfie_with_id" | "company_registration" | "bank_account_proof";
                            side: ("front" | "back") | null;
                            filename: string;
                            content_type: string;
                            /** @description Bytes */
                            size: number;
                            /** Format: date-time */
                            uploaded_at: string;
                        }[];
                        payout_account: {
                            account_number: {
                                /** @enum {string} */
                                type: "iban";
                                value: string;
                            };
                            account_owners_name: string;
                            currency: string;
                        } | null;
                        currencies: string[];
                        workflow: {
                            previous: string | null;
                            next: string | null;
                            complete: boolean;
                        };
                        _links: {
                            [key: string]: {
                                href: string;
                                methods: string[];
                            };
                        };
                    };
                };
            };
            /** @description Missing, expired or replaced onboarding token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A step this one needs is missing, or the application was submitted */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postSmoApplicationConfirmApplicant: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "erika@ticketwelt.example",
                 *       "first_name": "Erika",
                 *       "last_name": "Mustermann"
                 *     }
                 */
                "application/json": {
                    /** Format: email */
                    email: string;
                    /** Format: name */
                    first_name: string;
                    /** Format: name */
                    last_name: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        status: "initiated" | "in_progress" | "submitted" | "succeeded" | "action_required";
                        /** @enum {string} */
                        language: "de" | "en" | "es";
                        platform: {
                            name: string;
                            colors: {
                                primary_color: string;
                                secondary_color: string;
                            };
                            logo_url: string | null;
                        };
                        applicant: {
                            first_name: string;
                            last_name: string;
                            email: string;
                            nationality?: string;
                            /** @enum {string} */
                            gender?: "male" | "female" | "na";
                            /** @description The person must be at least 16 years old today */
                            date_of_birth?: string;
                            /** @description Politically exposed person */
                            pep?: boolean;
                            /** @description Required when pep is true */
                            pep_description?: string;
                            roles?: ("executive" | "owner" | "director")[];
                        };
                        business: {
                            type: string | null;
                            structure: string | null;
                            country_code: string | null;
                            profile: {
                                legal_name?: string;
                                trading_name?: string;
                                /** @enum {string} */
                                registration_number_code?: "DeHrb" | "DeHra" | "DeVr" | "SiTin" | "EeKmkr";
                                /** @description Checked against the format of the structure's register */
                                registration_number?: string;
                                district_court_code?: string;
                                vat_number?: string;
                                registered_address?: {
                                    line1: string;
                                    line2?: string;
                                    /** @description House number */
                                    number?: number;
                                    town_city: string;
                                    state?: string;
                                    zip: string;
                                    /** @description Not a member of the specification's Address: the country of its context when absent, and must be it when given */
                                    country?: string;
                                };
                                /** @description ISO 18245 merchant category code from GET /reference/merchant-category-codes */
                                mcc?: string;
                                website?: string;
                                phone_number?: {
                                    /** @description ISO 3166-1 alpha-2 country of the number */
                                    country_code: string;
                                    number: string;
                                };
                            } | null;
                        };
                        representatives: {
                            id: string;
                            /** @example awaiting_documents */
                            status: string;
                            first_name: string;
                            last_name: string;
                            email: string;
                            roles: ("executive" | "owner" | "director")[];
                            /** @description The person must be at least 16 years old today */
                            date_of_birth: string;
                            pep: boolean;
                            nationality?: string;
                            /** @description Required when pep is true */
                            pep_description?: string;
                        }[];
                        documents: {
                            id: string;
                            /** @enum {string} */
                            type: "passport" | "id" | "driving_license" | "selfie_with_id" | "company_registration" | "bank_account_proof";
                            side: ("front" | "back") | null;
                            filename: string;
                            content_type: string;
                            /** @description Bytes */
                            size: number;
                            /** Format: date-time */
                            uploaded_at: string;
                        }[];
                        payout_account: {
                            account_number: {
                                /** @enum {string} */
                                type: "iban";
                                value: string;
                            };
                            account_owners_name: string;
                            currency: string;
                        } | null;
                        currencies: string[];
                        workflow: {
                            previous: string | null;
                            next: string | null;
                            complete: boolean;
                        };
                        _links: {
                            [key: string]: {
                                href: string;
                                methods: string[];
                            };
                        };
                    };
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, expired or replaced onboarding token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such document or representative in this application */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A step this one needs is missing, or the application was submitted */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is too large (JSON 1 MB, a document 10 MB, an onboarding file 4 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not of a content type this route takes (JSON in a charset other than UTF-8, too) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    patchSmoApplicationApplicant: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "nationality": "DE",
                 *       "gender": "female",
                 *       "date_of_birth": "1985-04-12",
                 *       "pep": false,
                 *       "roles": [
                 *         "executive",
                 *         "owner"
                 *       ]
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: country
                     * @enum {string}
                     */
                    nationality: "AD" | "AE" | "AF" | "AG" | "AI" | "AL" | "AM" | "AO" | "AQ" | "AR" | "AS" | "AT" | "AU" | "AW" | "AX" | "AZ" | "BA" | "BB" | "BD" | "BE" | "BF" | "BG" | "BH" | "BI" | "BJ" | "BL" | "BM" | "BN" | "BO" | "BQ" | "BR" | "BS" | "BT" | "BV" | "BW" | "BY" | "BZ" | "CA" | "CC" | "CD" | "CF" | "CG" | "CH" | "CI" | "CK" | "CL" | "CM" | "CN" | "CO" | "CR" | "CU" | "CV" | "CW" | "CX" | "CY" | "CZ" | "DE" | "DJ" | "DK" | "DM" | "DO" | "DZ" | "EC" | "EE" | "EG" | "EH" | "ER" | "ES" | "ET" | "FI" | "FJ" | "FK" | "FM" | "FO" | "FR" | "GA" | "GB" | "GD" | "GE" | "GF" | "GG" | "GH" | "GI" | "GL" | "GM" | "GN" | "GP" | "GQ" | "GR" | "GS" | "GT" | "GU" | "GW" | "GY" | "HK" | "HM" | "HN" | "HR" | "HT" | "HU" | "ID" | "IE" | "IL" | "IM" | "IN" | "IO" | "IQ" | "IR" | "IS" | "IT" | "JE" | "JM" | "JO" | "JP" | "KE" | "KG" | "KH" | "KI" | "KM" | "KN" | "KP" | "KR" | "KW" | "KY" | "KZ" | "LA" | "LB" | "LC" | "LI" | "LK" | "LR" | "LS" | "LT" | "LU" | "LV" | "LY" | "MA" | "MC" | "MD" | "ME" | "MF" | "MG" | "MH" | "MK" | "ML" | "MM" | "MN" | "MO" | "MP" | "MQ" | "MR" | "MS" | "MT" | "MU" | "MV" | "MW" | "MX" | "MY" | "MZ" | "NA" | "NC" | "NE" | "NF" | "NG" | "NI" | "NL" | "NO" | "NP" | "NR" | "NU" | "NZ" | "OM" | "PA" | "PE" | "PF" | "PG" | "PH" | "PK" | "PL" | "PM" | "PN" | "PR" | "PS" | "PT" | "PW" | "PY" | "QA" | "RE" | "RO" | "RS" | "RU" | "RW" | "SA" | "SB" | "SC" | "SD" | "SE" | "SG" | "SH" | "SI" | "SJ" | "SK" | "SL" | "SM" | "SN" | "SO" | "SR" | "SS" | "ST" | "SV" | "SX" | "SY" | "SZ" | "TC" | "TD" | "TF" | "TG" | "TH" | "TJ" | "TK" | "TL" | "TM" | "TN" | "TO" | "TR" | "TT" | "TV" | "TW" | "TZ" | "UA" | "UG" | "UM" | "US" | "UY" | "UZ" | "VA" | "VC" | "VE" | "VG" | "VI" | "VN" | "VU" | "WF" | "WS" | "XK" | "YE" | "YT" | "ZA" | "ZM" | "ZW";
                    /** @enum {string} */
                    gender: "male" | "female" | "na";
                    /**
                     * Format: date
                     * @description The person must be at least 16 years old today
                     */
                    date_of_birth: string;
                    /** @description Politically exposed person */
                    pep: boolean;
                    /**
                     * Format: plain-text
                     * @description Required when pep is true
                     */
                    pep_description?: string;
                    roles?: ("executive" | "owner" | "director")[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        status: "initiated" | "in_progress" | "submitted" | "succeeded" | "action_required";
                        /** @enum {string} */
                        language: "de" | "en" | "es";
                        platform: {
                            name: string;
                            colors: {
                                primary_color: string;
                                secondary_color: string;
                            };
                            logo_url: string | null;
                        };
                        applicant: {
                            first_name: string;
                            last_name: string;
                            email: string;
                            nationality?: string;
                            /** @enum {string} */
                            gender?: "male" | "female" | "na";
                            /** @description The person must be at least 16 years old today */
                            date_of_birth?: string;
                            /** @description Politically exposed person */
                            pep?: boolean;
                            /** @description Required when pep is true */
                            pep_description?: string;
                            roles?: ("executive" | "owner" | "director")[];
                        };
                        business: {
                            type: string | null;
                            structure: string | null;
                            country_code: string | null;
                            profile: {
                                legal_name?: string;
                                trading_name?: string;
                                /** @enum {string} */
                                registration_number_code?: "DeHrb" | "DeHra" | "DeVr" | "SiTin" | "EeKmkr";
                                /** @description Checked against the format of the structure's register */
                                registration_number?: string;
                                district_court_code?: string;
                                vat_number?: string;
                                registered_address?: {
                                    line1: string;
                                    line2?: string;
                                    /** @description House number */
                                    number?: number;
                                    town_city: string;
                                    state?: string;
                                    zip: string;
                                    /** @description Not a member of the specification's Address: the country of its context when absent, and must be it when given */
                                    country?: string;
                                };
                                /** @description ISO 18245 merchant category code from GET /reference/merchant-category-codes */
                                mcc?: string;
                                website?: string;
                                phone_number?: {
                                    /** @description ISO 3166-1 alpha-2 country of the number */
                                    country_code: string;
                                    number: string;
                                };
                            } | null;
                        };
                        representatives: {
                            id: string;
                            /** @example awaiting_documents */
                            status: string;
                            first_name: string;
                            last_name: string;
                            email: string;
                            roles: ("executive" | "owner" | "director")[];
                            /** @description The person must be at least 16 years old today */
                            date_of_birth: string;
                            pep: boolean;
                            nationality?: string;
                            /** @description Required when pep is true */
                            pep_description?: string;
                        }[];
                        documents: {
                            id: string;
                            /** @enum {string} */
                            type: "passport" | "id" | "driving_license" | "selfie_with_id" | "company_registration" | "bank_account_proof";
                            side: ("front" | "back") | null;
                            filename: string;
                            content_type: string;
                            /** @description Bytes */
                            size: number;
                            /** Format: date-time */
                            uploaded_at: string;
                        }[];
                        payout_account: {
                            account_number: {
                                /** @enum {string} */
                                type: "iban";
                                value: string;
                            };
                            account_owners_name: string;
                            currency: string;
                        } | null;
                        currencies: string[];
                        workflow: {
                            previous: string | null;
                            next: string | null;
                            complete: boolean;
                        };
                        _links: {
                            [key: string]: {
                                href: string;
                                methods: string[];
                            };
                        };
                    };
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, expired or replaced onboarding token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A step this one needs is missing, or the application was submitted */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is too large (JSON 1 MB, a document 10 MB, an onboarding file 4 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not of a content type this route takes (JSON in a charset other than UTF-8, too) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postSmoApplicationBusinessType: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "company",
                 *       "country_code": "DE"
                 *     }
                 */
                "application/json": {
                    /** @enum {string} */
                    type: "company" | "individual_sole_trader" | "non_profit";
                    /** @description Default: the type's default structure in the country */
                    structure?: string;
                    /**
                     * Format: country
                     * @enum {string}
                     */
                    country_code: "AD" | "AE" | "AF" | "AG" | "AI" | "AL" | "AM" | "AO" | "AQ" | "AR" | "AS" | "AT" | "AU" | "AW" | "AX" | "AZ" | "BA" | "BB" | "BD" | "BE" | "BF" | "BG" | "BH" | "BI" | "BJ" | "BL" | "BM" | "BN" | "BO" | "BQ" | "BR" | "BS" | "BT" | "BV" | "BW" | "BY" | "BZ" | "CA" | "CC" | "CD" | "CF" | "CG" | "CH" | "CI" | "CK" | "CL" | "CM" | "CN" | "CO" | "CR" | "CU" | "CV" | "CW" | "CX" | "CY" | "CZ" | "DE" | "DJ" | "DK" | "DM" | "DO" | "DZ" | "EC" | "EE" | "EG" | "EH" | "ER" | "ES" | "ET" | "FI" | "FJ" | "FK" | "FM" | "FO" | "FR" | "GA" | "GB" | "GD" | "GE" | "GF" | "GG" | "GH" | "GI" | "GL" | "GM" | "GN" | "GP" | "GQ" | "GR" | "GS" | "GT" | "GU" | "GW" | "GY" | "HK" | "HM" | "HN" | "HR" | "HT" | "HU" | "ID" | "IE" | "IL" | "IM" | "IN" | "IO" | "IQ" | "IR" | "IS" | "IT" | "JE" | "JM" | "JO" | "JP" | "KE" | "KG" | "KH" | "KI" | "KM" | "KN" | "KP" | "KR" | "KW" | "KY" | "KZ" | "LA" | "LB" | "LC" | "LI" | "LK" | "LR" | "LS" | "LT" | "LU" | "LV" | "LY" | "MA" | "MC" | "MD" | "ME" | "MF" | "MG" | "MH" | "MK" | "ML" | "MM" | "MN" | "MO" | "MP" | "MQ" | "MR" | "MS" | "MT" | "MU" | "MV" | "MW" | "MX" | "MY" | "MZ" | "NA" | "NC" | "NE" | "NF" | "NG" | "NI" | "NL" | "NO" | "NP" | "NR" | "NU" | "NZ" | "OM" | "PA" | "PE" | "PF" | "PG" | "PH" | "PK" | "PL" | "PM" | "PN" | "PR" | "PS" | "PT" | "PW" | "PY" | "QA" | "RE" | "RO" | "RS" | "RU" | "RW" | "SA" | "SB" | "SC" | "SD" | "SE" | "SG" | "SH" | "SI" | "SJ" | "SK" | "SL" | "SM" | "SN" | "SO" | "SR" | "SS" | "ST" | "SV" | "SX" | "SY" | "SZ" | "TC" | "TD" | "TF" | "TG" | "TH" | "TJ" | "TK" | "TL" | "TM" | "TN" | "TO" | "TR" | "TT" | "TV" | "TW" | "TZ" | "UA" | "UG" | "UM" | "US" | "UY" | "UZ" | "VA" | "VC" | "VE" | "VG" | "VI" | "VN" | "VU" | "WF" | "WS" | "XK" | "YE" | "YT" | "ZA" | "ZM" | "ZW";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        status: "initiated" | "in_progress" | "submitted" | "succeeded" | "action_required";
                        /** @enum {string} */
                        language: "de" | "en" | "es";
                        platform: {
                            name: string;
                            colors: {
                                primary_color: string;
                                secondary_color: string;
                            };
                            logo_url: string | null;
                        };
                        applicant: {
                            first_name: string;
                            last_name: string;
                            email: string;
                            nationality?: string;
                            /** @enum {string} */
                            gender?: "male" | "female" | "na";
                            /** @description The person must be at least 16 years old today */
                            date_of_birth?: string;
                            /** @description Politically exposed person */
                            pep?: boolean;
                            /** @description Required when pep is true */
                            pep_description?: string;
                            roles?: ("executive" | "owner" | "director")[];
                        };
                        business: {
                            type: string | null;
                            structure: string | null;
                            country_code: string | null;
                            profile: {
                                legal_name?: string;
                                trading_name?: string;
                                /** @enum {string} */
                                registration_number_code?: "DeHrb" | "DeHra" | "DeVr" | "SiTin" | "EeKmkr";
                                /** @description Checked against the format of the structure's register */
                                registration_number?: string;
                                district_court_code?: string;
                                vat_number?: string;
                                registered_address?: {
                                    line1: string;
                                    line2?: string;
                                    /** @description House number */
                                    number?: number;
                                    town_city: string;
                                    state?: string;
                                    zip: string;
                                    /** @description Not a member of the specification's Address: the country of its context when absent, and must be it when given */
                                    country?: string;
                                };
                                /** @description ISO 18245 merchant category code from GET /reference/merchant-category-codes */
                                mcc?: string;
                                website?: string;
                                phone_number?: {
                                    /** @description ISO 3166-1 alpha-2 country of the number */
                                    country_code: string;
                                    number: string;
                                };
                            } | null;
                        };
                        representatives: {
                            id: string;
                            /** @example awaiting_documents */
                            status: string;
                            first_name: string;
                            last_name: string;
                            email: string;
                            roles: ("executive" | "owner" | "director")[];
                            /** @description The person must be at least 16 years old today */
                            date_of_birth: string;
                            pep: boolean;
                            nationality?: string;
                            /** @description Required when pep is true */
                            pep_description?: string;
                        }[];
                        documents: {
                            id: string;
                            /** @enum {string} */
                            type: "passport" | "id" | "driving_license" | "selfie_with_id" | "company_registration" | "bank_account_proof";
                            side: ("front" | "back") | null;
                            filename: string;
                            content_type: string;
                            /** @description Bytes */
                            size: number;
                            /** Format: date-time */
                            uploaded_at: string;
                        }[];
                        payout_account: {
                            account_number: {
                                /** @enum {string} */
                                type: "iban";
                                value: string;
                            };
                            account_owners_name: string;
                            currency: string;
                        } | null;
                        currencies: string[];
                        workflow: {
                            previous: string | null;
                            next: string | null;
                            complete: boolean;
                        };
                        _links: {
                            [key: string]: {
                                href: string;
                                methods: string[];
                            };
                        };
                    };
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, expired or replaced onboarding token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such document or representative in this application */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A step this one needs is missing, or the application was submitted */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is too large (JSON 1 MB, a document 10 MB, an onboarding file 4 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not of a content type this route takes (JSON in a charset other than UTF-8, too) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    putSmoApplicationBusinessProfile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "legal_name": "Ticketwelt GmbH",
                 *       "registration_number_code": "DeHrb",
                 *       "registration_number": "HRB 12345",
                 *       "district_court_code": "DE-AG-AACHEN",
                 *       "vat_number": "DE136695976",
                 *       "registered_address": {
                 *         "line1": "Heidestraße",
                 *         "number": 17,
                 *         "town_city": "Köln",
                 *         "zip": "51147",
                 *         "country": "DE"
                 *       },
                 *       "mcc": "7922",
                 *       "website": "https://ticketwelt.example",
                 *       "phone_number": {
                 *         "country_code": "DE",
                 *         "number": "221 1234567"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** Format: name */
                    legal_name: string;
                    /** Format: name */
                    trading_name?: string;
                    /** @enum {string} */
                    registration_number_code?: "DeHrb" | "DeHra" | "DeVr" | "SiTin" | "EeKmkr";
                    /** @description Checked against the format of the structure's register */
                    registration_number?: string;
                    district_court_code?: string;
                    vat_number?: string;
                    registered_address: {
                        /** Format: plain-line */
                        line1: string;
                        /** Format: plain-line */
                        line2?: string;
                        /** @description House number */
                        number?: number;
                        /** Format: plain-line */
                        town_city: string;
                        /** Format: plain-line */
                        state?: string;
                        /** Format: plain-line */
                        zip: string;
                        /**
                         * Format: country
                         * @description Not a member of the specification's Address: the country of its context when absent, and must be it when given
                         * @enum {string}
                         */
                        country?: "AD" | "AE" | "AF" | "AG" | "AI" | "AL" | "AM" | "AO" | "AQ" | "AR" | "AS" | "AT" | "AU" | "AW" | "AX" | "AZ" | "BA" | "BB" | "BD" | "BE" | "BF" | "BG" | "BH" | "BI" | "BJ" | "BL" | "BM" | "BN" | "BO" | "BQ" | "BR" | "BS" | "BT" | "BV" | "BW" | "BY" | "BZ" | "CA" | "CC" | "CD" | "CF" | "CG" | "CH" | "CI" | "CK" | "CL" | "CM" | "CN" | "CO" | "CR" | "CU" | "CV" | "CW" | "CX" | "CY" | "CZ" | "DE" | "DJ" | "DK" | "DM" | "DO" | "DZ" | "EC" | "EE" | "EG" | "EH" | "ER" | "ES" | "ET" | "FI" | "FJ" | "FK" | "FM" | "FO" | "FR" | "GA" | "GB" | "GD" | "GE" | "GF" | "GG" | "GH" | "GI" | "GL" | "GM" | "GN" | "GP" | "GQ" | "GR" | "GS" | "GT" | "GU" | "GW" | "GY" | "HK" | "HM" | "HN" | "HR" | "HT" | "HU" | "ID" | "IE" | "IL" | "IM" | "IN" | "IO" | "IQ" | "IR" | "IS" | "IT" | "JE" | "JM" | "JO" | "JP" | "KE" | "KG" | "KH" | "KI" | "KM" | "KN" | "KP" | "KR" | "KW" | "KY" | "KZ" | "LA" | "LB" | "LC" | "LI" | "LK" | "LR" | "LS" | "LT" | "LU" | "LV" | "LY" | "MA" | "MC" | "MD" | "ME" | "MF" | "MG" | "MH" | "MK" | "ML" | "MM" | "MN" | "MO" | "MP" | "MQ" | "MR" | "MS" | "MT" | "MU" | "MV" | "MW" | "MX" | "MY" | "MZ" | "NA" | "NC" | "NE" | "NF" | "NG" | "NI" | "NL" | "NO" | "NP" | "NR" | "NU" | "NZ" | "OM" | "PA" | "PE" | "PF" | "PG" | "PH" | "PK" | "PL" | "PM" | "PN" | "PR" | "PS" | "PT" | "PW" | "PY" | "QA" | "RE" | "RO" | "RS" | "RU" | "RW" | "SA" | "SB" | "SC" | "SD" | "SE" | "SG" | "SH" | "SI" | "SJ" | "SK" | "SL" | "SM" | "SN" | "SO" | "SR" | "SS" | "ST" | "SV" | "SX" | "SY" | "SZ" | "TC" | "TD" | "TF" | "TG" | "TH" | "TJ" | "TK" | "TL" | "TM" | "TN" | "TO" | "TR" | "TT" | "TV" | "TW" | "TZ" | "UA" | "UG" | "UM" | "US" | "UY" | "UZ" | "VA" | "VC" | "VE" | "VG" | "VI" | "VN" | "VU" | "WF" | "WS" | "XK" | "YE" | "YT" | "ZA" | "ZM" | "ZW";
                    };
                    /** @description ISO 18245 merchant category code from GET /reference/merchant-category-codes */
                    mcc: string;
                    /** Format: uri */
                    website: string;
                    phone_number?: {
                        /**
                         * Format: country
                         * @description ISO 3166-1 alpha-2 country of the number
                         * @enum {string}
                         */
                        country_code: "AD" | "AE" | "AF" | "AG" | "AI" | "AL" | "AM" | "AO" | "AQ" | "AR" | "AS" | "AT" | "AU" | "AW" | "AX" | "AZ" | "BA" | "BB" | "BD" | "BE" | "BF" | "BG" | "BH" | "BI" | "BJ" | "BL" | "BM" | "BN" | "BO" | "BQ" | "BR" | "BS" | "BT" | "BV" | "BW" | "BY" | "BZ" | "CA" | "CC" | "CD" | "CF" | "CG" | "CH" | "CI" | "CK" | "CL" | "CM" | "CN" | "CO" | "CR" | "CU" | "CV" | "CW" | "CX" | "CY" | "CZ" | "DE" | "DJ" | "DK" | "DM" | "DO" | "DZ" | "EC" | "EE" | "EG" | "EH" | "ER" | "ES" | "ET" | "FI" | "FJ" | "FK" | "FM" | "FO" | "FR" | "GA" | "GB" | "GD" | "GE" | "GF" | "GG" | "GH" | "GI" | "GL" | "GM" | "GN" | "GP" | "GQ" | "GR" | "GS" | "GT" | "GU" | "GW" | "GY" | "HK" | "HM" | "HN" | "HR" | "HT" | "HU" | "ID" | "IE" | "IL" | "IM" | "IN" | "IO" | "IQ" | "IR" | "IS" | "IT" | "JE" | "JM" | "JO" | "JP" | "KE" | "KG" | "KH" | "KI" | "KM" | "KN" | "KP" | "KR" | "KW" | "KY" | "KZ" | "LA" | "LB" | "LC" | "LI" | "LK" | "LR" | "LS" | "LT" | "LU" | "LV" | "LY" | "MA" | "MC" | "MD" | "ME" | "MF" | "MG" | "MH" | "MK" | "ML" | "MM" | "MN" | "MO" | "MP" | "MQ" | "MR" | "MS" | "MT" | "MU" | "MV" | "MW" | "MX" | "MY" | "MZ" | "NA" | "NC" | "NE" | "NF" | "NG" | "NI" | "NL" | "NO" | "NP" | "NR" | "NU" | "NZ" | "OM" | "PA" | "PE" | "PF" | "PG" | "PH" | "PK" | "PL" | "PM" | "PN" | "PR" | "PS" | "PT" | "PW" | "PY" | "QA" | "RE" | "RO" | "RS" | "RU" | "RW" | "SA" | "SB" | "SC" | "SD" | "SE" | "SG" | "SH" | "SI" | "SJ" | "SK" | "SL" | "SM" | "SN" | "SO" | "SR" | "SS" | "ST" | "SV" | "SX" | "SY" | "SZ" | "TC" | "TD" | "TF" | "TG" | "TH" | "TJ" | "TK" | "TL" | "TM" | "TN" | "TO" | "TR" | "TT" | "TV" | "TW" | "TZ" | "UA" | "UG" | "UM" | "US" | "UY" | "UZ" | "VA" | "VC" | "VE" | "VG" | "VI" | "VN" | "VU" | "WF" | "WS" | "XK" | "YE" | "YT" | "ZA" | "ZM" | "ZW";
                        number: string;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        status: "initiated" | "in_progress" | "submitted" | "succeeded" | "action_required";
                        /** @enum {string} */
                        language: "de" | "en" | "es";
                        platform: {
                            name: string;
                            colors: {
                                primary_color: string;
                                secondary_color: string;
                            };
                            logo_url: string | null;
                        };
                        applicant: {
                            first_name: string;
                            last_name: string;
                            email: string;
                            nationality?: string;
                            /** @enum {string} */
                            gender?: "male" | "female" | "na";
                            /** @description The person must be at least 16 years old today */
                            date_of_birth?: string;
                            /** @description Politically exposed person */
                            pep?: boolean;
                            /** @description Required when pep is true */
                            pep_description?: string;
                            roles?: ("executive" | "owner" | "director")[];
                        };
                        business: {
                            type: string | null;
                            structure: string | null;
                            country_code: string | null;
                            profile: {
                                legal_name?: string;
                                trading_name?: string;
                                /** @enum {string} */
                                registration_number_code?: "DeHrb" | "DeHra" | "DeVr" | "SiTin" | "EeKmkr";
                                /** @description Checked against the format of the structure's register */
                                registration_number?: string;
                                district_court_code?: string;
                                vat_number?: string;
                                registered_address?: {
                                    line1: string;
                                    line2?: string;
                                    /** @description House number */
                                    number?: number;
                                    town_city: string;
                                    state?: string;
                                    zip: string;
                                    /** @description Not a member of the specification's Address: the country of its context when absent, and must be it when given */
                                    country?: string;
                                };
                                /** @description ISO 18245 merchant category code from GET /reference/merchant-category-codes */
                                mcc?: string;
                                website?: string;
                                phone_number?: {
                                    /** @description ISO 3166-1 alpha-2 country of the number */
                                    country_code: string;
                                    number: string;
                                };
                            } | null;
                        };
                        representatives: {
                            id: string;
                            /** @example awaiting_documents */
                            status: string;
                            first_name: string;
                            last_name: string;
                            email: string;
                            roles: ("executive" | "owner" | "director")[];
                            /** @description The person must be at least 16 years old today */
                            date_of_birth: string;
                            pep: boolean;
                            nationality?: string;
                            /** @description Required when pep is true */
                            pep_description?: string;
                        }[];
                        documents: {
                            id: string;
                            /** @enum {string} */
                            type: "passport" | "id" | "driving_license" | "selfie_with_id" | "company_registration" | "bank_account_proof";
                            side: ("front" | "back") | null;
                            filename: string;
                            content_type: string;
                            /** @description Bytes */
                            size: number;
                            /** Format: date-time */
                            uploaded_at: string;
                        }[];
                        payout_account: {
                            account_number: {
                                /** @enum {string} */
                                type: "iban";
                                value: string;
                            };
                            account_owners_name: string;
                            currency: string;
                        } | null;
                        currencies: string[];
                        workflow: {
                            previous: string | null;
                            next: string | null;
                            complete: boolean;
                        };
                        _links: {
                            [key: string]: {
                                href: string;
                                methods: string[];
                            };
                        };
                    };
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, expired or replaced onboarding token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A step this one needs is missing, or the application was submitted */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is too large (JSON 1 MB, a document 10 MB, an onboarding file 4 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not of a content type this route takes (JSON in a charset other than UTF-8, too) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postSmoApplicationRepresentatives: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "first_name": "Max",
                 *       "last_name": "Mustermann",
                 *       "email": "max@ticketwelt.example",
                 *       "roles": [
                 *         "director"
                 *       ],
                 *       "date_of_birth": "1980-01-31",
                 *       "pep": false,
                 *       "nationality": "DE"
                 *     }
                 */
                "application/json": {
                    /** Format: name */
                    first_name: string;
                    /** Format: name */
                    last_name: string;
                    /** Format: email */
                    email: string;
                    roles: ("executive" | "owner" | "director")[];
                    /**
                     * Format: date
                     * @description The person must be at least 16 years old today
                     */
                    date_of_birth: string;
                    pep: boolean;
                    /**
                     * Format: country
                     * @enum {string}
                     */
                    nationality?: "AD" | "AE" | "AF" | "AG" | "AI" | "AL" | "AM" | "AO" | "AQ" | "AR" | "AS" | "AT" | "AU" | "AW" | "AX" | "AZ" | "BA" | "BB" | "BD" | "BE" | "BF" | "BG" | "BH" | "BI" | "BJ" | "BL" | "BM" | "BN" | "BO" | "BQ" | "BR" | "BS" | "BT" | "BV" | "BW" | "BY" | "BZ" | "CA" | "CC" | "CD" | "CF" | "CG" | "CH" | "CI" | "CK" | "CL" | "CM" | "CN" | "CO" | "CR" | "CU" | "CV" | "CW" | "CX" | "CY" | "CZ" | "DE" | "DJ" | "DK" | "DM" | "DO" | "DZ" | "EC" | "EE" | "EG" | "EH" | "ER" | "ES" | "ET" | "FI" | "FJ" | "FK" | "FM" | "FO" | "FR" | "GA" | "GB" | "GD" | "GE" | "GF" | "GG" | "GH" | "GI" | "GL" | "GM" | "GN" | "GP" | "GQ" | "GR" | "GS" | "GT" | "GU" | "GW" | "GY" | "HK" | "HM" | "HN" | "HR" | "HT" | "HU" | "ID" | "IE" | "IL" | "IM" | "IN" | "IO" | "IQ" | "IR" | "IS" | "IT" | "JE" | "JM" | "JO" | "JP" | "KE" | "KG" | "KH" | "KI" | "KM" | "KN" | "KP" | "KR" | "KW" | "KY" | "KZ" | "LA" | "LB" | "LC" | "LI" | "LK" | "LR" | "LS" | "LT" | "LU" | "LV" | "LY" | "MA" | "MC" | "MD" | "ME" | "MF" | "MG" | "MH" | "MK" | "ML" | "MM" | "MN" | "MO" | "MP" | "MQ" | "MR" | "MS" | "MT" | "MU" | "MV" | "MW" | "MX" | "MY" | "MZ" | "NA" | "NC" | "NE" | "NF" | "NG" | "NI" | "NL" | "NO" | "NP" | "NR" | "NU" | "NZ" | "OM" | "PA" | "PE" | "PF" | "PG" | "PH" | "PK" | "PL" | "PM" | "PN" | "PR" | "PS" | "PT" | "PW" | "PY" | "QA" | "RE" | "RO" | "RS" | "RU" | "RW" | "SA" | "SB" | "SC" | "SD" | "SE" | "SG" | "SH" | "SI" | "SJ" | "SK" | "SL" | "SM" | "SN" | "SO" | "SR" | "SS" | "ST" | "SV" | "SX" | "SY" | "SZ" | "TC" | "TD" | "TF" | "TG" | "TH" | "TJ" | "TK" | "TL" | "TM" | "TN" | "TO" | "TR" | "TT" | "TV" | "TW" | "TZ" | "UA" | "UG" | "UM" | "US" | "UY" | "UZ" | "VA" | "VC" | "VE" | "VG" | "VI" | "VN" | "VU" | "WF" | "WS" | "XK" | "YE" | "YT" | "ZA" | "ZM" | "ZW";
                    /**
                     * Format: plain-text
                     * @description Required when pep is true
                     */
                    pep_description?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @example awaiting_documents */
                        status: string;
                        workflow: {
                            previous: string | null;
                            next: string | null;
                            complete: boolean;
                        };
                        _links: {
                            [key: string]: {
                                href: string;
                                methods: string[];
                            };
                        };
                    };
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, expired or replaced onboarding token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such document or representative in this application */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A step this one needs is missing, or the application was submitted */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is too large (JSON 1 MB, a document 10 MB, an onboarding file 4 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not of a content type this route takes (JSON in a charset other than UTF-8, too) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    putSmoApplicationRepresentativesByRepresentativeId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                representative_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "first_name": "Max",
                 *       "last_name": "Mustermann",
                 *       "email": "max@ticketwelt.example",
                 *       "roles": [
                 *         "director"
                 *       ],
                 *       "date_of_birth": "1980-01-31",
                 *       "pep": false,
                 *       "nationality": "DE"
                 *     }
                 */
                "application/json": {
                    /** Format: name */
                    first_name: string;
                    /** Format: name */
                    last_name: string;
                    /** Format: email */
                    email: string;
                    roles: ("executive" | "owner" | "director")[];
                    /**
                     * Format: date
                     * @description The person must be at least 16 years old today
                     */
                    date_of_birth: string;
                    pep: boolean;
                    /**
                     * Format: country
                     * @enum {string}
                     */
                    nationality?: "AD" | "AE" | "AF" | "AG" | "AI" | "AL" | "AM" | "AO" | "AQ" | "AR" | "AS" | "AT" | "AU" | "AW" | "AX" | "AZ" | "BA" | "BB" | "BD" | "BE" | "BF" | "BG" | "BH" | "BI" | "BJ" | "BL" | "BM" | "BN" | "BO" | "BQ" | "BR" | "BS" | "BT" | "BV" | "BW" | "BY" | "BZ" | "CA" | "CC" | "CD" | "CF" | "CG" | "CH" | "CI" | "CK" | "CL" | "CM" | "CN" | "CO" | "CR" | "CU" | "CV" | "CW" | "CX" | "CY" | "CZ" | "DE" | "DJ" | "DK" | "DM" | "DO" | "DZ" | "EC" | "EE" | "EG" | "EH" | "ER" | "ES" | "ET" | "FI" | "FJ" | "FK" | "FM" | "FO" | "FR" | "GA" | "GB" | "GD" | "GE" | "GF" | "GG" | "GH" | "GI" | "GL" | "GM" | "GN" | "GP" | "GQ" | "GR" | "GS" | "GT" | "GU" | "GW" | "GY" | "HK" | "HM" | "HN" | "HR" | "HT" | "HU" | "ID" | "IE" | "IL" | "IM" | "IN" | "IO" | "IQ" | "IR" | "IS" | "IT" | "JE" | "JM" | "JO" | "JP" | "KE" | "KG" | "KH" | "KI" | "KM" | "KN" | "KP" | "KR" | "KW" | "KY" | "KZ" | "LA" | "LB" | "LC" | "LI" | "LK" | "LR" | "LS" | "LT" | "LU" | "LV" | "LY" | "MA" | "MC" | "MD" | "ME" | "MF" | "MG" | "MH" | "MK" | "ML" | "MM" | "MN" | "MO" | "MP" | "MQ" | "MR" | "MS" | "MT" | "MU" | "MV" | "MW" | "MX" | "MY" | "MZ" | "NA" | "NC" | "NE" | "NF" | "NG" | "NI" | "NL" | "NO" | "NP" | "NR" | "NU" | "NZ" | "OM" | "PA" | "PE" | "PF" | "PG" | "PH" | "PK" | "PL" | "PM" | "PN" | "PR" | "PS" | "PT" | "PW" | "PY" | "QA" | "RE" | "RO" | "RS" | "RU" | "RW" | "SA" | "SB" | "SC" | "SD" | "SE" | "SG" | "SH" | "SI" | "SJ" | "SK" | "SL" | "SM" | "SN" | "SO" | "SR" | "SS" | "ST" | "SV" | "SX" | "SY" | "SZ" | "TC" | "TD" | "TF" | "TG" | "TH" | "TJ" | "TK" | "TL" | "TM" | "TN" | "TO" | "TR" | "TT" | "TV" | "TW" | "TZ" | "UA" | "UG" | "UM" | "US" | "UY" | "UZ" | "VA" | "VC" | "VE" | "VG" | "VI" | "VN" | "VU" | "WF" | "WS" | "XK" | "YE" | "YT" | "ZA" | "ZM" | "ZW";
                    /**
                     * Format: plain-text
                     * @description Required when pep is true
                     */
                    pep_description?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        status: "initiated" | "in_progress" | "submitted" | "succeeded" | "action_required";
                        /** @enum {string} */
                        language: "de" | "en" | "es";
                        platform: {
                            name: string;
                            colors: {
                                primary_color: string;
                                secondary_color: string;
                            };
                            logo_url: string | null;
                        };
                        applicant: {
                            first_name: string;
                            last_name: string;
                            email: string;
                            nationality?: string;
                            /** @enum {string} */
                            gender?: "male" | "female" | "na";
                            /** @description The person must be at least 16 years old today */
                            date_of_birth?: string;
                            /** @description Politically exposed person */
                            pep?: boolean;
                            /** @description Required when pep is true */
                            pep_description?: string;
                            roles?: ("executive" | "owner" | "director")[];
                        };
                        business: {
                            type: string | null;
                            structure: string | null;
                            country_code: string | null;
                            profile: {
                                legal_name?: string;
                                trading_name?: string;
                                /** @enum {string} */
                                registration_number_code?: "DeHrb" | "DeHra" | "DeVr" | "SiTin" | "EeKmkr";
                                /** @description Checked against the format of the structure's register */
                                registration_number?: string;
                                district_court_code?: string;
                                vat_number?: string;
                                registered_address?: {
                                    line1: string;
                                    line2?: string;
                                    /** @description House number */
                                    number?: number;
                                    town_city: string;
                                    state?: string;
                                    zip: string;
                                    /** @description Not a member of the specification's Address: the country of its context when absent, and must be it when given */
                                    country?: string;
                                };
                                /** @description ISO 18245 merchant category code from GET /reference/merchant-category-codes */
                                mcc?: string;
                                website?: string;
                                phone_number?: {
                                    /** @description ISO 3166-1 alpha-2 country of the number */
                                    country_code: string;
                                    number: string;
                                };
                            } | null;
                        };
                        representatives: {
                            id: string;
                            /** @example awaiting_documents */
                            status: string;
                            first_name: string;
                            last_name: string;
                            email: string;
                            roles: ("executive" | "owner" | "director")[];
                            /** @description The person must be at least 16 years old today */
                            date_of_birth: string;
                            pep: boolean;
                            nationality?: string;
                            /** @description Required when pep is true */
                            pep_description?: string;
                        }[];
                        documents: {
                            id: string;
                            /** @enum {string} */
                            type: "passport" | "id" | "driving_license" | "selfie_with_id" | "company_registration" | "bank_account_proof";
                            side: ("front" | "back") | null;
                            filename: string;
                            content_type: string;
                            /** @description Bytes */
                            size: number;
                            /** Format: date-time */
                            uploaded_at: string;
                        }[];
                        payout_account: {
                            account_number: {
                                /** @enum {string} */
                                type: "iban";
                                value: string;
                            };
                            account_owners_name: string;
                            currency: string;
                        } | null;
                        currencies: string[];
                        workflow: {
                            previous: string | null;
                            next: string | null;
                            complete: boolean;
                        };
                        _links: {
                            [key: string]: {
                                href: string;
                                methods: string[];
                            };
                        };
                    };
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, expired or replaced onboarding token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such document or representative in this application */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A step this one needs is missing, or the application was submitted */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is too large (JSON 1 MB, a document 10 MB, an onboarding file 4 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not of a content type this route takes (JSON in a charset other than UTF-8, too) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteSmoApplicationRepresentativesByRepresentativeId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                representative_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        status: "initiated" | "in_progress" | "submitted" | "succeeded" | "action_required";
                        /** @enum {string} */
                        language: "de" | "en" | "es";
                        platform: {
                            name: string;
                            colors: {
                                primary_color: string;
                                secondary_color: string;
                            };
                            logo_url: string | null;
                        };
                        applicant: {
                            first_name: string;
                            last_name: string;
                            email: string;
                            nationality?: string;
                            /** @enum {string} */
                            gender?: "male" | "female" | "na";
                            /** @description The person must be at least 16 years old today */
                            date_of_birth?: string;
                            /** @description Politically exposed person */
                            pep?: boolean;
                            /** @description Required when pep is true */
                            pep_description?: string;
                            roles?: ("executive" | "owner" | "director")[];
                        };
                        business: {
                            type: string | null;
                            structure: string | null;
                            country_code: string | null;
                            profile: {
                                legal_name?: string;
                                trading_name?: string;
                                /** @enum {string} */
                                registration_number_code?: "DeHrb" | "DeHra" | "DeVr" | "SiTin" | "EeKmkr";
                                /** @description Checked against the format of the structure's register */
                                registration_number?: string;
                                district_court_code?: string;
                                vat_number?: string;
                                registered_address?: {
                                    line1: string;
                                    line2?: string;
                                    /** @description House number */
                                    number?: number;
                                    town_city: string;
                                    state?: string;
                                    zip: string;
                                    /** @description Not a member of the specification's Address: the country of its context when absent, and must be it when given */
                                    country?: string;
                                };
                                /** @description ISO 18245 merchant category code from GET /reference/merchant-category-codes */
                                mcc?: string;
                                website?: string;
                                phone_number?: {
                                    /** @description ISO 3166-1 alpha-2 country of the number */
                                    country_code: string;
                                    number: string;
                                };
                            } | null;
                        };
                        representatives: {
                            id: string;
                            /** @example awaiting_documents */
                            status: string;
                            first_name: string;
                            last_name: string;
                            email: string;
                            roles: ("executive" | "owner" | "director")[];
                            /** @description The person must be at least 16 years old today */
                            date_of_birth: string;
                            pep: boolean;
                            nationality?: string;
                            /** @description Required when pep is true */
                            pep_description?: string;
                        }[];
                        documents: {
                            id: string;
                            /** @enum {string} */
                            type: "passport" | "id" | "driving_license" | "selfie_with_id" | "company_registration" | "bank_account_proof";
                            side: ("front" | "back") | null;
                            filename: string;
                            content_type: string;
                            /** @description Bytes */
                            size: number;
                            /** Format: date-time */
                            uploaded_at: string;
                        }[];
                        payout_account: {
                            account_number: {
                                /** @enum {string} */
                                type: "iban";
                                value: string;
                            };
                            account_owners_name: string;
                            currency: string;
                        } | null;
                        currencies: string[];
                        workflow: {
                            previous: string | null;
                            next: string | null;
                            complete: boolean;
                        };
                        _links: {
                            [key: string]: {
                                href: string;
                                methods: string[];
                            };
                        };
                    };
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, expired or replaced onboarding token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such document or representative in this application */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A step this one needs is missing, or the application was submitted */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postSmoApplicationDocuments: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description JPEG, PNG or PDF (by content), at most 4 MB; its part Content-Type must match its format
                     */
                    file: string;
                    /**
                     * @description The kind of document; the part may be named purpose instead
                     * @enum {string}
                     */
                    type: "passport" | "id" | "driving_license" | "selfie_with_id" | "company_registration" | "bank_account_proof";
                    /**
                     * @description Required for passport, id, driving_license and selfie_with_id; not given for application documents
                     * @enum {string}
                     */
                    side?: "front" | "back";
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        type: "passport" | "id" | "driving_license" | "selfie_with_id" | "company_registration" | "bank_account_proof";
                        side: ("front" | "back") | null;
                        filename: string;
                        content_type: string;
                        /** @description Bytes */
                        size: number;
                        /** Format: date-time */
                        uploaded_at: string;
                        workflow: {
                            previous: string | null;
                            next: string | null;
                            complete: boolean;
                        };
                        _links: {
                            [key: string]: {
                                href: string;
                                methods: string[];
                            };
                        };
                    };
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, expired or replaced onboarding token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such document or representative in this application */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A step this one needs is missing, or the application was submitted */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is too large (JSON 1 MB, a document 10 MB, an onboarding file 4 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not of a content type this route takes (JSON in a charset other than UTF-8, too) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getSmoApplicationDocumentsByDocumentIdContent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                document_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The application/octet-stream content */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, expired or replaced onboarding token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such document or representative in this application */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A step this one needs is missing, or the application was submitted */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteSmoApplicationDocumentsByDocumentId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                document_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        status: "initiated" | "in_progress" | "submitted" | "succeeded" | "action_required";
                        /** @enum {string} */
                        language: "de" | "en" | "es";
                        platform: {
                            name: string;
                            colors: {
                                primary_color: string;
                                secondary_color: string;
                            };
                            logo_url: string | null;
                        };
                        applicant: {
                            first_name: string;
                            last_name: string;
                            email: string;
                            nationality?: string;
                            /** @enum {string} */
                            gender?: "male" | "female" | "na";
                            /** @description The person must be at least 16 years old today */
                            date_of_birth?: string;
                            /** @description Politically exposed person */
                            pep?: boolean;
                            /** @description Required when pep is true */
                            pep_description?: string;
                            roles?: ("executive" | "owner" | "director")[];
                        };
                        business: {
                            type: string | null;
                            structure: string | null;
                            country_code: string | null;
                            profile: {
                                legal_name?: string;
                                trading_name?: string;
                                /** @enum {string} */
                                registration_number_code?: "DeHrb" | "DeHra" | "DeVr" | "SiTin" | "EeKmkr";
                                /** @description Checked against the format of the structure's register */
                                registration_number?: string;
                                district_court_code?: string;
                                vat_number?: string;
                                registered_address?: {
                                    line1: string;
                                    line2?: string;
                                    /** @description House number */
                                    number?: number;
                                    town_city: string;
                                    state?: string;
                                    zip: string;
                                    /** @description Not a member of the specification's Address: the country of its context when absent, and must be it when given */
                                    country?: string;
                                };
                                /** @description ISO 18245 merchant category code from GET /reference/merchant-category-codes */
                                mcc?: string;
                                website?: string;
                                phone_number?: {
                                    /** @description ISO 3166-1 alpha-2 country of the number */
                                    country_code: string;
                                    number: string;
                                };
                            } | null;
                        };
                        representatives: {
                            id: string;
                            /** @example awaiting_documents */
                            status: string;
                            first_name: string;
                            last_name: string;
                            email: string;
                            roles: ("executive" | "owner" | "director")[];
                            /** @description The person must be at least 16 years old today */
                            date_of_birth: string;
                            pep: boolean;
                            nationality?: string;
                            /** @description Required when pep is true */
                            pep_description?: string;
                        }[];
                        documents: {
                            id: string;
                            /** @enum {string} */
                            type: "passport" | "id" | "driving_license" | "selfie_with_id" | "company_registration" | "bank_account_proof";
                            side: ("front" | "back") | null;
                            filename: string;
                            content_type: string;
                            /** @description Bytes */
                            size: number;
                            /** Format: date-time */
                            uploaded_at: string;
                        }[];
                        payout_account: {
                            account_number: {
                                /** @enum {string} */
                                type: "iban";
                                value: string;
                            };
                            account_owners_name: string;
                            currency: string;
                        } | null;
                        currencies: string[];
                        workflow: {
                            previous: string | null;
                            next: string | null;
                            complete: boolean;
                        };
                        _links: {
                            [key: string]: {
                                href: string;
                                methods: string[];
                            };
                        };
                    };
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, expired or replaced onboarding token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such document or representative in this application */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A step this one needs is missing, or the application was submitted */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postSmoApplicationConfirmRepresentatives: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        status: "initiated" | "in_progress" | "submitted" | "succeeded" | "action_required";
                        /** @enum {string} */
                        language: "de" | "en" | "es";
                        platform: {
                            name: string;
                            colors: {
                                primary_color: string;
                                secondary_color: string;
                            };
                            logo_url: string | null;
                        };
                        applicant: {
                            first_name: string;
                            last_name: string;
                            email: string;
                            nationality?: string;
                            /** @enum {string} */
                            gender?: "male" | "female" | "na";
                            /** @description The person must be at least 16 years old today */
                            date_of_birth?: string;
                            /** @description Politically exposed person */
                            pep?: boolean;
                            /** @description Required when pep is true */
                            pep_description?: string;
                            roles?: ("executive" | "owner" | "director")[];
                        };
                        business: {
                            type: string | null;
                            structure: string | null;
                            country_code: string | null;
                            profile: {
                                legal_name?: string;
                                trading_name?: string;
                                /** @enum {string} */
                                registration_number_code?: "DeHrb" | "DeHra" | "DeVr" | "SiTin" | "EeKmkr";
                                /** @description Checked against the format of the structure's register */
                                registration_number?: string;
                                district_court_code?: string;
                                vat_number?: string;
                                registered_address?: {
                                    line1: string;
                                    line2?: string;
                                    /** @description House number */
                                    number?: number;
                                    town_city: string;
                                    state?: string;
                                    zip: string;
                                    /** @description Not a member of the specification's Address: the country of its context when absent, and must be it when given */
                                    country?: string;
                                };
                                /** @description ISO 18245 merchant category code from GET /reference/merchant-category-codes */
                                mcc?: string;
                                website?: string;
                                phone_number?: {
                                    /** @description ISO 3166-1 alpha-2 country of the number */
                                    country_code: string;
                                    number: string;
                                };
                            } | null;
                        };
                        representatives: {
                            id: string;
                            /** @example awaiting_documents */
                            status: string;
                            first_name: string;
                            last_name: string;
                            email: string;
                            roles: ("executive" | "owner" | "director")[];
                            /** @description The person must be at least 16 years old today */
                            date_of_birth: string;
                            pep: boolean;
                            nationality?: string;
                            /** @description Required when pep is true */
                            pep_description?: string;
                        }[];
                        documents: {
                            id: string;
                            /** @enum {string} */
                            type: "passport" | "id" | "driving_license" | "selfie_with_id" | "company_registration" | "bank_account_proof";
                            side: ("front" | "back") | null;
                            filename: string;
                            content_type: string;
                            /** @description Bytes */
                            size: number;
                            /** Format: date-time */
                            uploaded_at: string;
                        }[];
                        payout_account: {
                            account_number: {
                                /** @enum {string} */
                                type: "iban";
                                value: string;
                            };
                            account_owners_name: string;
                            currency: string;
                        } | null;
                        currencies: string[];
                        workflow: {
                            previous: string | null;
                            next: string | null;
                            complete: boolean;
                        };
                        _links: {
                            [key: string]: {
                                href: string;
                                methods: string[];
                            };
                        };
                    };
                };
            };
            /** @description Missing, expired or replaced onboarding token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A step this one needs is missing, or the application was submitted */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is too large (JSON 1 MB, a document 10 MB, an onboarding file 4 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not of a content type this route takes (JSON in a charset other than UTF-8, too) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    putSmoApplicationPayoutAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "account_number": {
                 *         "type": "iban",
                 *         "value": "DE89370400440532013000"
                 *       },
                 *       "account_owners_name": "Ticketwelt GmbH",
                 *       "currency": "EUR"
                 *     }
                 */
                "application/json": {
                    account_number: {
                        /** @enum {string} */
                        type: "iban";
                        value: string;
                    };
                    /** Format: plain-line */
                    account_owners_name: string;
                    /**
                     * Format: currency
                     * @enum {string}
                     */
                    currency: "AED" | "AFN" | "ALL" | "AMD" | "ANG" | "AOA" | "ARS" | "AUD" | "AWG" | "AZN" | "BAM" | "BBD" | "BDT" | "BGN" | "BHD" | "BIF" | "BMD" | "BND" | "BOB" | "BOV" | "BRL" | "BSD" | "BTN" | "BWP" | "BYN" | "BZD" | "CAD" | "CDF" | "CHE" | "CHF" | "CHW" | "CLF" | "CLP" | "CNY" | "COP" | "COU" | "CRC" | "CUC" | "CUP" | "CVE" | "CZK" | "DJF" | "DKK" | "DOP" | "DZD" | "EGP" | "ERN" | "ETB" | "EUR" | "FJD" | "FKP" | "GBP" | "GEL" | "GHS" | "GIP" | "GMD" | "GNF" | "GTQ" | "GYD" | "HKD" | "HNL" | "HTG" | "HUF" | "IDR" | "ILS" | "INR" | "IQD" | "IRR" | "ISK" | "JMD" | "JOD" | "JPY" | "KES" | "KGS" | "KHR" | "KMF" | "KPW" | "KRW" | "KWD" | "KYD" | "KZT" | "LAK" | "LBP" | "LKR" | "LRD" | "LSL" | "LYD" | "MAD" | "MDL" | "MGA" | "MKD" | "MMK" | "MNT" | "MOP" | "MRU" | "MUR" | "MVR" | "MWK" | "MXN" | "MXV" | "MYR" | "MZN" | "NAD" | "NGN" | "NIO" | "NOK" | "NPR" | "NZD" | "OMR" | "PAB" | "PEN" | "PGK" | "PHP" | "PKR" | "PLN" | "PYG" | "QAR" | "RON" | "RSD" | "RUB" | "RWF" | "SAR" | "SBD" | "SCR" | "SDG" | "SEK" | "SGD" | "SHP" | "SLE" | "SOS" | "SRD" | "SSP" | "STN" | "SVC" | "SYP" | "SZL" | "THB" | "TJS" | "TMT" | "TND" | "TOP" | "TRY" | "TTD" | "TWD" | "TZS" | "UAH" | "UGX" | "USD" | "USN" | "UYI" | "UYU" | "UYW" | "UZS" | "VED" | "VES" | "VND" | "VUV" | "WST" | "XAF" | "XAG" | "XAU" | "XBA" | "XBB" | "XBC" | "XBD" | "XCD" | "XDR" | "XOF" | "XPD" | "XPF" | "XPT" | "XSU" | "XTS" | "XUA" | "XXX" | "YER" | "ZAR" | "ZMW" | "ZWG";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        status: "initiated" | "in_progress" | "submitted" | "succeeded" | "action_required";
                        /** @enum {string} */
                        language: "de" | "en" | "es";
                        platform: {
                            name: string;
                            colors: {
                                primary_color: string;
                                secondary_color: string;
                            };
                            logo_url: string | null;
                        };
                        applicant: {
                            first_name: string;
                            last_name: string;
                            email: string;
                            nationality?: string;
                            /** @enum {string} */
                            gender?: "male" | "female" | "na";
                            /** @description The person must be at least 16 years old today */
                            date_of_birth?: string;
                            /** @description Politically exposed person */
                            pep?: boolean;
                            /** @description Required when pep is true */
                            pep_description?: string;
                            roles?: ("executive" | "owner" | "director")[];
                        };
                        business: {
                            type: string | null;
                            structure: string | null;
                            country_code: string | null;
                            profile: {
                                legal_name?: string;
                                trading_name?: string;
                                /** @enum {string} */
                                registration_number_code?: "DeHrb" | "DeHra" | "DeVr" | "SiTin" | "EeKmkr";
                                /** @description Checked against the format of the structure's register */
                                registration_number?: string;
                                district_court_code?: string;
                                vat_number?: string;
                                registered_address?: {
                                    line1: string;
                                    line2?: string;
                                    /** @description House number */
                                    number?: number;
                                    town_city: string;
                                    state?: string;
                                    zip: string;
                                    /** @description Not a member of the specification's Address: the country of its context when absent, and must be it when given */
                                    country?: string;
                                };
                                /** @description ISO 18245 merchant category code from GET /reference/merchant-category-codes */
                                mcc?: string;
                                website?: string;
                                phone_number?: {
                                    /** @description ISO 3166-1 alpha-2 country of the number */
                                    country_code: string;
                                    number: string;
                                };
                            } | null;
                        };
                        representatives: {
                            id: string;
                            /** @example awaiting_documents */
                            status: string;
                            first_name: string;
                            last_name: string;
                            email: string;
                            roles: ("executive" | "owner" | "director")[];
                            /** @description The person must be at least 16 years old today */
                            date_of_birth: string;
                            pep: boolean;
                            nationality?: string;
                            /** @description Required when pep is true */
                            pep_description?: string;
                        }[];
                        documents: {
                            id: string;
                            /** @enum {string} */
                            type: "passport" | "id" | "driving_license" | "selfie_with_id" | "company_registration" | "bank_account_proof";
                            side: ("front" | "back") | null;
                            filename: string;
                            content_type: string;
                            /** @description Bytes */
                            size: number;
                            /** Format: date-time */
                            uploaded_at: string;
                        }[];
                        payout_account: {
                            account_number: {
                                /** @enum {string} */
                                type: "iban";
                                value: string;
                            };
                            account_owners_name: string;
                            currency: string;
                        } | null;
                        currencies: string[];
                        workflow: {
                            previous: string | null;
                            next: string | null;
                            complete: boolean;
                        };
                        _links: {
                            [key: string]: {
                                href: string;
                                methods: string[];
                            };
                        };
                    };
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, expired or replaced onboarding token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A step this one needs is missing, or the application was submitted */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is too large (JSON 1 MB, a document 10 MB, an onboarding file 4 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not of a content type this route takes (JSON in a charset other than UTF-8, too) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postSmoApplicationSubmit: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        status: "initiated" | "in_progress" | "submitted" | "succeeded" | "action_required";
                        /** @enum {string} */
                        language: "de" | "en" | "es";
                        platform: {
                            name: string;
                            colors: {
                                primary_color: string;
                                secondary_color: string;
                            };
                            logo_url: string | null;
                        };
                        applicant: {
                            first_name: string;
                            last_name: string;
                            email: string;
                            nationality?: string;
                            /** @enum {string} */
                            gender?: "male" | "female" | "na";
                            /** @description The person must be at least 16 years old today */
                            date_of_birth?: string;
                            /** @description Politically exposed person */
                            pep?: boolean;
                            /** @description Required when pep is true */
                            pep_description?: string;
                            roles?: ("executive" | "owner" | "director")[];
                        };
                        business: {
                            type: string | null;
                            structure: string | null;
                            country_code: string | null;
                            profile: {
                                legal_name?: string;
                                trading_name?: string;
                                /** @enum {string} */
                                registration_number_code?: "DeHrb" | "DeHra" | "DeVr" | "SiTin" | "EeKmkr";
                                /** @description Checked against the format of the structure's register */
                                registration_number?: string;
                                district_court_code?: string;
                                vat_number?: string;
                                registered_address?: {
                                    line1: string;
                                    line2?: string;
                                    /** @description House number */
                                    number?: number;
                                    town_city: string;
                                    state?: string;
                                    zip: string;
                                    /** @description Not a member of the specification's Address: the country of its context when absent, and must be it when given */
                                    country?: string;
                                };
                                /** @description ISO 18245 merchant category code from GET /reference/merchant-category-codes */
                                mcc?: string;
                                website?: string;
                                phone_number?: {
                                    /** @description ISO 3166-1 alpha-2 country of the number */
                                    country_code: string;
                                    number: string;
                                };
                            } | null;
                        };
                        representatives: {
                            id: string;
                            /** @example awaiting_documents */
                            status: string;
                            first_name: string;
                            last_name: string;
                            email: string;
                            roles: ("executive" | "owner" | "director")[];
                            /** @description The person must be at least 16 years old today */
                            date_of_birth: string;
                            pep: boolean;
                            nationality?: string;
                            /** @description Required when pep is true */
                            pep_description?: string;
                        }[];
                        documents: {
                            id: string;
                            /** @enum {string} */
                            type: "passport" | "id" | "driving_license" | "selfie_with_id" | "company_registration" | "bank_account_proof";
                            side: ("front" | "back") | null;
                            filename: string;
                            content_type: string;
                            /** @description Bytes */
                            size: number;
                            /** Format: date-time */
                            uploaded_at: string;
                        }[];
                        payout_account: {
                            account_number: {
                                /** @enum {string} */
                                type: "iban";
                                value: string;
                            };
                            account_owners_name: string;
                            currency: string;
                        } | null;
                        currencies: string[];
                        workflow: {
                            previous: string | null;
                            next: string | null;
                            complete: boolean;
                        };
                        _links: {
                            [key: string]: {
                                href: string;
                                methods: string[];
                            };
                        };
                    };
                };
            };
            /** @description Missing, expired or replaced onboarding token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A step this one needs is missing, or the application was submitted */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is too large (JSON 1 MB, a document 10 MB, an onboarding file 4 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not of a content type this route takes (JSON in a charset other than UTF-8, too) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getSmoApplicationFieldConfigurationByStep: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                step: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        registration_number: {
                            required: boolean;
                            type: string;
                        } | null;
                        vat_number: {
                            required: boolean;
                        } | null;
                        district_court_code: {
                            required: boolean;
                        } | null;
                    };
                };
            };
            /** @description Invalid input (an Idempotency-Key too long, too); errors lists every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, expired or replaced onboarding token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such document or representative in this application */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A step this one needs is missing, or the application was submitted */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure; quote the trace id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    webhook_payment_succeeded: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every delivery of the event, for deduplication */
                "webhook-id": string;
                /** @description Seconds since the epoch when this delivery was signed */
                "webhook-timestamp": string;
                /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body"> with the webhook secret (Standard Webhooks); two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    event_id: string;
                    /** @constant */
                    type: "payment_succeeded";
                    /** Format: date-time */
                    occurred_at: string;
                    data: {
                        id: string;
                        /** @description The payment status at the event (captured, completed, declined, not_completed, authentication_failed…) */
                        status: string;
                        reference: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_payment_failed: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every delivery of the event, for deduplication */
                "webhook-id": string;
                /** @description Seconds since the epoch when this delivery was signed */
                "webhook-timestamp": string;
                /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body"> with the webhook secret (Standard Webhooks); two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    event_id: string;
                    /** @constant */
                    type: "payment_failed";
                    /** Format: date-time */
                    occurred_at: string;
                    data: {
                        id: string;
                        /** @description The payment status at the event (captured, completed, declined, not_completed, authentication_failed…) */
                        status: string;
                        reference: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_payment_authentication_failed: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every delivery of the event, for deduplication */
                "webhook-id": string;
                /** @description Seconds since the epoch when this delivery was signed */
                "webhook-timestamp": string;
                /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body"> with the webhook secret (Standard Webhooks); two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    event_id: string;
                    /** @constant */
                    type: "payment_authentication_failed";
                    /** Format: date-time */
                    occurred_at: string;
                    data: {
                        id: string;
                        /** @description The payment status at the event (captured, completed, declined, not_completed, authentication_failed…) */
                        status: string;
                        reference: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_transfer_started: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every delivery of the event, for deduplication */
                "webhook-id": string;
                /** @description Seconds since the epoch when this delivery was signed */
                "webhook-timestamp": string;
                /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body"> with the webhook secret (Standard Webhooks); two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    event_id: string;
                    /** @constant */
                    type: "transfer_started";
                    /** Format: date-time */
                    occurred_at: string;
                    data: {
                        transfer_id: string;
                        payment_id: string;
                        account_id: string;
                        payout_id: string | null;
                        /** @description Minor units of currency */
                        amount_minor: number;
                        /**
                         * Format: currency
                         * @enum {string}
                         */
                        currency: "AED" | "AFN" | "ALL" | "AMD" | "ANG" | "AOA" | "ARS" | "AUD" | "AWG" | "AZN" | "BAM" | "BBD" | "BDT" | "BGN" | "BHD" | "BIF" | "BMD" | "BND" | "BOB" | "BOV" | "BRL" | "BSD" | "BTN" | "BWP" | "BYN" | "BZD" | "CAD" | "CDF" | "CHE" | "CHF" | "CHW" | "CLF" | "CLP" | "CNY" | "COP" | "COU" | "CRC" | "CUC" | "CUP" | "CVE" | "CZK" | "DJF" | "DKK" | "DOP" | "DZD" | "EGP" | "ERN" | "ETB" | "EUR" | "FJD" | "FKP" | "GBP" | "GEL" | "GHS" | "GIP" | "GMD" | "GNF" | "GTQ" | "GYD" | "HKD" | "HNL" | "HTG" | "HUF" | "IDR" | "ILS" | "INR" | "IQD" | "IRR" | "ISK" | "JMD" | "JOD" | "JPY" | "KES" | "KGS" | "KHR" | "KMF" | "KPW" | "KRW" | "KWD" | "KYD" | "KZT" | "LAK" | "LBP" | "LKR" | "LRD" | "LSL" | "LYD" | "MAD" | "MDL" | "MGA" | "MKD" | "MMK" | "MNT" | "MOP" | "MRU" | "MUR" | "MVR" | "MWK" | "MXN" | "MXV" | "MYR" | "MZN" | "NAD" | "NGN" | "NIO" | "NOK" | "NPR" | "NZD" | "OMR" | "PAB" | "PEN" | "PGK" | "PHP" | "PKR" | "PLN" | "PYG" | "QAR" | "RON" | "RSD" | "RUB" | "RWF" | "SAR" | "SBD" | "SCR" | "SDG" | "SEK" | "SGD" | "SHP" | "SLE" | "SOS" | "SRD" | "SSP" | "STN" | "SVC" | "SYP" | "SZL" | "THB" | "TJS" | "TMT" | "TND" | "TOP" | "TRY" | "TTD" | "TWD" | "TZS" | "UAH" | "UGX" | "USD" | "USN" | "UYI" | "UYU" | "UYW" | "UZS" | "VED" | "VES" | "VND" | "VUV" | "WST" | "XAF" | "XAG" | "XAU" | "XBA" | "XBB" | "XBC" | "XBD" | "XCD" | "XDR" | "XOF" | "XPD" | "XPF" | "XPT" | "XSU" | "XTS" | "XUA" | "XXX" | "YER" | "ZAR" | "ZMW" | "ZWG";
                        processing_fee: {
                            /** @description Minor units of currency */
                            amount_minor: number;
                            /**
                             * Format: currency
                             * @enum {string}
                             */
                            currency: "AED" | "AFN" | "ALL" | "AMD" | "ANG" | "AOA" | "ARS" | "AUD" | "AWG" | "AZN" | "BAM" | "BBD" | "BDT" | "BGN" | "BHD" | "BIF" | "BMD" | "BND" | "BOB" | "BOV" | "BRL" | "BSD" | "BTN" | "BWP" | "BYN" | "BZD" | "CAD" | "CDF" | "CHE" | "CHF" | "CHW" | "CLF" | "CLP" | "CNY" | "COP" | "COU" | "CRC" | "CUC" | "CUP" | "CVE" | "CZK" | "DJF" | "DKK" | "DOP" | "DZD" | "EGP" | "ERN" | "ETB" | "EUR" | "FJD" | "FKP" | "GBP" | "GEL" | "GHS" | "GIP" | "GMD" | "GNF" | "GTQ" | "GYD" | "HKD" | "HNL" | "HTG" | "HUF" | "IDR" | "ILS" | "INR" | "IQD" | "IRR" | "ISK" | "JMD" | "JOD" | "JPY" | "KES" | "KGS" | "KHR" | "KMF" | "KPW" | "KRW" | "KWD" | "KYD" | "KZT" | "LAK" | "LBP" | "LKR" | "LRD" | "LSL" | "LYD" | "MAD" | "MDL" | "MGA" | "MKD" | "MMK" | "MNT" | "MOP" | "MRU" | "MUR" | "MVR" | "MWK" | "MXN" | "MXV" | "MYR" | "MZN" | "NAD" | "NGN" | "NIO" | "NOK" | "NPR" | "NZD" | "OMR" | "PAB" | "PEN" | "PGK" | "PHP" | "PKR" | "PLN" | "PYG" | "QAR" | "RON" | "RSD" | "RUB" | "RWF" | "SAR" | "SBD" | "SCR" | "SDG" | "SEK" | "SGD" | "SHP" | "SLE" | "SOS" | "SRD" | "SSP" | "STN" | "SVC" | "SYP" | "SZL" | "THB" | "TJS" | "TMT" | "TND" | "TOP" | "TRY" | "TTD" | "TWD" | "TZS" | "UAH" | "UGX" | "USD" | "USN" | "UYI" | "UYU" | "UYW" | "UZS" | "VED" | "VES" | "VND" | "VUV" | "WST" | "XAF" | "XAG" | "XAU" | "XBA" | "XBB" | "XBC" | "XBD" | "XCD" | "XDR" | "XOF" | "XPD" | "XPF" | "XPT" | "XSU" | "XTS" | "XUA" | "XXX" | "YER" | "ZAR" | "ZMW" | "ZWG";
                        };
                        reference: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_transfer_updated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every delivery of the event, for deduplication */
                "webhook-id": string;
                /** @description Seconds since the epoch when this delivery was signed */
                "webhook-timestamp": string;
                /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body"> with the webhook secret (Standard Webhooks); two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    event_id: string;
                    /** @constant */
                    type: "transfer_updated";
                    /** Format: date-time */
                    occurred_at: string;
                    data: {
                        transfer_id: string;
                        payment_id: string;
                        account_id: string;
                        payout_id: string | null;
                        /** @description Minor units of currency */
                        amount_minor: number;
                        /**
                         * Format: currency
                         * @enum {string}
                         */
                        currency: "AED" | "AFN" | "ALL" | "AMD" | "ANG" | "AOA" | "ARS" | "AUD" | "AWG" | "AZN" | "BAM" | "BBD" | "BDT" | "BGN" | "BHD" | "BIF" | "BMD" | "BND" | "BOB" | "BOV" | "BRL" | "BSD" | "BTN" | "BWP" | "BYN" | "BZD" | "CAD" | "CDF" | "CHE" | "CHF" | "CHW" | "CLF" | "CLP" | "CNY" | "COP" | "COU" | "CRC" | "CUC" | "CUP" | "CVE" | "CZK" | "DJF" | "DKK" | "DOP" | "DZD" | "EGP" | "ERN" | "ETB" | "EUR" | "FJD" | "FKP" | "GBP" | "GEL" | "GHS" | "GIP" | "GMD" | "GNF" | "GTQ" | "GYD" | "HKD" | "HNL" | "HTG" | "HUF" | "IDR" | "ILS" | "INR" | "IQD" | "IRR" | "ISK" | "JMD" | "JOD" | "JPY" | "KES" | "KGS" | "KHR" | "KMF" | "KPW" | "KRW" | "KWD" | "KYD" | "KZT" | "LAK" | "LBP" | "LKR" | "LRD" | "LSL" | "LYD" | "MAD" | "MDL" | "MGA" | "MKD" | "MMK" | "MNT" | "MOP" | "MRU" | "MUR" | "MVR" | "MWK" | "MXN" | "MXV" | "MYR" | "MZN" | "NAD" | "NGN" | "NIO" | "NOK" | "NPR" | "NZD" | "OMR" | "PAB" | "PEN" | "PGK" | "PHP" | "PKR" | "PLN" | "PYG" | "QAR" | "RON" | "RSD" | "RUB" | "RWF" | "SAR" | "SBD" | "SCR" | "SDG" | "SEK" | "SGD" | "SHP" | "SLE" | "SOS" | "SRD" | "SSP" | "STN" | "SVC" | "SYP" | "SZL" | "THB" | "TJS" | "TMT" | "TND" | "TOP" | "TRY" | "TTD" | "TWD" | "TZS" | "UAH" | "UGX" | "USD" | "USN" | "UYI" | "UYU" | "UYW" | "UZS" | "VED" | "VES" | "VND" | "VUV" | "WST" | "XAF" | "XAG" | "XAU" | "XBA" | "XBB" | "XBC" | "XBD" | "XCD" | "XDR" | "XOF" | "XPD" | "XPF" | "XPT" | "XSU" | "XTS" | "XUA" | "XXX" | "YER" | "ZAR" | "ZMW" | "ZWG";
                        processing_fee: {
                            /** @description Minor units of currency */
                            amount_minor: number;
                            /**
                             * Format: currency
                             * @enum {string}
                             */
                            currency: "AED" | "AFN" | "ALL" | "AMD" | "ANG" | "AOA" | "ARS" | "AUD" | "AWG" | "AZN" | "BAM" | "BBD" | "BDT" | "BGN" | "BHD" | "BIF" | "BMD" | "BND" | "BOB" | "BOV" | "BRL" | "BSD" | "BTN" | "BWP" | "BYN" | "BZD" | "CAD" | "CDF" | "CHE" | "CHF" | "CHW" | "CLF" | "CLP" | "CNY" | "COP" | "COU" | "CRC" | "CUC" | "CUP" | "CVE" | "CZK" | "DJF" | "DKK" | "DOP" | "DZD" | "EGP" | "ERN" | "ETB" | "EUR" | "FJD" | "FKP" | "GBP" | "GEL" | "GHS" | "GIP" | "GMD" | "GNF" | "GTQ" | "GYD" | "HKD" | "HNL" | "HTG" | "HUF" | "IDR" | "ILS" | "INR" | "IQD" | "IRR" | "ISK" | "JMD" | "JOD" | "JPY" | "KES" | "KGS" | "KHR" | "KMF" | "KPW" | "KRW" | "KWD" | "KYD" | "KZT" | "LAK" | "LBP" | "LKR" | "LRD" | "LSL" | "LYD" | "MAD" | "MDL" | "MGA" | "MKD" | "MMK" | "MNT" | "MOP" | "MRU" | "MUR" | "MVR" | "MWK" | "MXN" | "MXV" | "MYR" | "MZN" | "NAD" | "NGN" | "NIO" | "NOK" | "NPR" | "NZD" | "OMR" | "PAB" | "PEN" | "PGK" | "PHP" | "PKR" | "PLN" | "PYG" | "QAR" | "RON" | "RSD" | "RUB" | "RWF" | "SAR" | "SBD" | "SCR" | "SDG" | "SEK" | "SGD" | "SHP" | "SLE" | "SOS" | "SRD" | "SSP" | "STN" | "SVC" | "SYP" | "SZL" | "THB" | "TJS" | "TMT" | "TND" | "TOP" | "TRY" | "TTD" | "TWD" | "TZS" | "UAH" | "UGX" | "USD" | "USN" | "UYI" | "UYU" | "UYW" | "UZS" | "VED" | "VES" | "VND" | "VUV" | "WST" | "XAF" | "XAG" | "XAU" | "XBA" | "XBB" | "XBC" | "XBD" | "XCD" | "XDR" | "XOF" | "XPD" | "XPF" | "XPT" | "XSU" | "XTS" | "XUA" | "XXX" | "YER" | "ZAR" | "ZMW" | "ZWG";
                        };
                        reference: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_transfer_completed: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every delivery of the event, for deduplication */
                "webhook-id": string;
                /** @description Seconds since the epoch when this delivery was signed */
                "webhook-timestamp": string;
                /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body"> with the webhook secret (Standard Webhooks); two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    event_id: string;
                    /** @constant */
                    type: "transfer_completed";
                    /** Format: date-time */
                    occurred_at: string;
                    data: {
                        transfer_id: string;
                        payment_id: string;
                        account_id: string;
                        payout_id: string | null;
                        /** @description Minor units of currency */
                        amount_minor: number;
                        /**
                         * Format: currency
                         * @enum {string}
                         */
                        currency: "AED" | "AFN" | "ALL" | "AMD" | "ANG" | "AOA" | "ARS" | "AUD" | "AWG" | "AZN" | "BAM" | "BBD" | "BDT" | "BGN" | "BHD" | "BIF" | "BMD" | "BND" | "BOB" | "BOV" | "BRL" | "BSD" | "BTN" | "BWP" | "BYN" | "BZD" | "CAD" | "CDF" | "CHE" | "CHF" | "CHW" | "CLF" | "CLP" | "CNY" | "COP" | "COU" | "CRC" | "CUC" | "CUP" | "CVE" | "CZK" | "DJF" | "DKK" | "DOP" | "DZD" | "EGP" | "ERN" | "ETB" | "EUR" | "FJD" | "FKP" | "GBP" | "GEL" | "GHS" | "GIP" | "GMD" | "GNF" | "GTQ" | "GYD" | "HKD" | "HNL" | "HTG" | "HUF" | "IDR" | "ILS" | "INR" | "IQD" | "IRR" | "ISK" | "JMD" | "JOD" | "JPY" | "KES" | "KGS" | "KHR" | "KMF" | "KPW" | "KRW" | "KWD" | "KYD" | "KZT" | "LAK" | "LBP" | "LKR" | "LRD" | "LSL" | "LYD" | "MAD" | "MDL" | "MGA" | "MKD" | "MMK" | "MNT" | "MOP" | "MRU" | "MUR" | "MVR" | "MWK" | "MXN" | "MXV" | "MYR" | "MZN" | "NAD" | "NGN" | "NIO" | "NOK" | "NPR" | "NZD" | "OMR" | "PAB" | "PEN" | "PGK" | "PHP" | "PKR" | "PLN" | "PYG" | "QAR" | "RON" | "RSD" | "RUB" | "RWF" | "SAR" | "SBD" | "SCR" | "SDG" | "SEK" | "SGD" | "SHP" | "SLE" | "SOS" | "SRD" | "SSP" | "STN" | "SVC" | "SYP" | "SZL" | "THB" | "TJS" | "TMT" | "TND" | "TOP" | "TRY" | "TTD" | "TWD" | "TZS" | "UAH" | "UGX" | "USD" | "USN" | "UYI" | "UYU" | "UYW" | "UZS" | "VED" | "VES" | "VND" | "VUV" | "WST" | "XAF" | "XAG" | "XAU" | "XBA" | "XBB" | "XBC" | "XBD" | "XCD" | "XDR" | "XOF" | "XPD" | "XPF" | "XPT" | "XSU" | "XTS" | "XUA" | "XXX" | "YER" | "ZAR" | "ZMW" | "ZWG";
                        processing_fee: {
                            /** @description Minor units of currency */
                            amount_minor: number;
                            /**
                             * Format: currency
                             * @enum {string}
                             */
                            currency: "AED" | "AFN" | "ALL" | "AMD" | "ANG" | "AOA" | "ARS" | "AUD" | "AWG" | "AZN" | "BAM" | "BBD" | "BDT" | "BGN" | "BHD" | "BIF" | "BMD" | "BND" | "BOB" | "BOV" | "BRL" | "BSD" | "BTN" | "BWP" | "BYN" | "BZD" | "CAD" | "CDF" | "CHE" | "CHF" | "CHW" | "CLF" | "CLP" | "CNY" | "COP" | "COU" | "CRC" | "CUC" | "CUP" | "CVE" | "CZK" | "DJF" | "DKK" | "DOP" | "DZD" | "EGP" | "ERN" | "ETB" | "EUR" | "FJD" | "FKP" | "GBP" | "GEL" | "GHS" | "GIP" | "GMD" | "GNF" | "GTQ" | "GYD" | "HKD" | "HNL" | "HTG" | "HUF" | "IDR" | "ILS" | "INR" | "IQD" | "IRR" | "ISK" | "JMD" | "JOD" | "JPY" | "KES" | "KGS" | "KHR" | "KMF" | "KPW" | "KRW" | "KWD" | "KYD" | "KZT" | "LAK" | "LBP" | "LKR" | "LRD" | "LSL" | "LYD" | "MAD" | "MDL" | "MGA" | "MKD" | "MMK" | "MNT" | "MOP" | "MRU" | "MUR" | "MVR" | "MWK" | "MXN" | "MXV" | "MYR" | "MZN" | "NAD" | "NGN" | "NIO" | "NOK" | "NPR" | "NZD" | "OMR" | "PAB" | "PEN" | "PGK" | "PHP" | "PKR" | "PLN" | "PYG" | "QAR" | "RON" | "RSD" | "RUB" | "RWF" | "SAR" | "SBD" | "SCR" | "SDG" | "SEK" | "SGD" | "SHP" | "SLE" | "SOS" | "SRD" | "SSP" | "STN" | "SVC" | "SYP" | "SZL" | "THB" | "TJS" | "TMT" | "TND" | "TOP" | "TRY" | "TTD" | "TWD" | "TZS" | "UAH" | "UGX" | "USD" | "USN" | "UYI" | "UYU" | "UYW" | "UZS" | "VED" | "VES" | "VND" | "VUV" | "WST" | "XAF" | "XAG" | "XAU" | "XBA" | "XBB" | "XBC" | "XBD" | "XCD" | "XDR" | "XOF" | "XPD" | "XPF" | "XPT" | "XSU" | "XTS" | "XUA" | "XXX" | "YER" | "ZAR" | "ZMW" | "ZWG";
                        };
                        reference: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_refund_initiated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every delivery of the event, for deduplication */
                "webhook-id": string;
                /** @description Seconds since the epoch when this delivery was signed */
                "webhook-timestamp": string;
                /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body"> with the webhook secret (Standard Webhooks); two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    event_id: string;
                    /** @constant */
                    type: "refund_initiated";
                    /** Format: date-time */
                    occurred_at: string;
                    data: {
                        refund_id: string;
                        payment_id: string;
                        /** @description Minor units of currency */
                        amount_minor: number;
                        /**
                         * Format: currency
                         * @enum {string}
                         */
                        currency: "AED" | "AFN" | "ALL" | "AMD" | "ANG" | "AOA" | "ARS" | "AUD" | "AWG" | "AZN" | "BAM" | "BBD" | "BDT" | "BGN" | "BHD" | "BIF" | "BMD" | "BND" | "BOB" | "BOV" | "BRL" | "BSD" | "BTN" | "BWP" | "BYN" | "BZD" | "CAD" | "CDF" | "CHE" | "CHF" | "CHW" | "CLF" | "CLP" | "CNY" | "COP" | "COU" | "CRC" | "CUC" | "CUP" | "CVE" | "CZK" | "DJF" | "DKK" | "DOP" | "DZD" | "EGP" | "ERN" | "ETB" | "EUR" | "FJD" | "FKP" | "GBP" | "GEL" | "GHS" | "GIP" | "GMD" | "GNF" | "GTQ" | "GYD" | "HKD" | "HNL" | "HTG" | "HUF" | "IDR" | "ILS" | "INR" | "IQD" | "IRR" | "ISK" | "JMD" | "JOD" | "JPY" | "KES" | "KGS" | "KHR" | "KMF" | "KPW" | "KRW" | "KWD" | "KYD" | "KZT" | "LAK" | "LBP" | "LKR" | "LRD" | "LSL" | "LYD" | "MAD" | "MDL" | "MGA" | "MKD" | "MMK" | "MNT" | "MOP" | "MRU" | "MUR" | "MVR" | "MWK" | "MXN" | "MXV" | "MYR" | "MZN" | "NAD" | "NGN" | "NIO" | "NOK" | "NPR" | "NZD" | "OMR" | "PAB" | "PEN" | "PGK" | "PHP" | "PKR" | "PLN" | "PYG" | "QAR" | "RON" | "RSD" | "RUB" | "RWF" | "SAR" | "SBD" | "SCR" | "SDG" | "SEK" | "SGD" | "SHP" | "SLE" | "SOS" | "SRD" | "SSP" | "STN" | "SVC" | "SYP" | "SZL" | "THB" | "TJS" | "TMT" | "TND" | "TOP" | "TRY" | "TTD" | "TWD" | "TZS" | "UAH" | "UGX" | "USD" | "USN" | "UYI" | "UYU" | "UYW" | "UZS" | "VED" | "VES" | "VND" | "VUV" | "WST" | "XAF" | "XAG" | "XAU" | "XBA" | "XBB" | "XBC" | "XBD" | "XCD" | "XDR" | "XOF" | "XPD" | "XPF" | "XPT" | "XSU" | "XTS" | "XUA" | "XXX" | "YER" | "ZAR" | "ZMW" | "ZWG";
                        reference: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_refund_initiated_from_buyer: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every delivery of the event, for deduplication */
                "webhook-id": string;
                /** @description Seconds since the epoch when this delivery was signed */
                "webhook-timestamp": string;
                /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body"> with the webhook secret (Standard Webhooks); two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    event_id: string;
                    /** @constant */
                    type: "refund_initiated_from_buyer";
                    /** Format: date-time */
                    occurred_at: string;
                    data: {
                        refund_id: string;
                        payment_id: string;
                        /** @description Minor units of currency */
                        amount_minor: number;
                        /**
                         * Format: currency
                         * @enum {string}
                         */
                        currency: "AED" | "AFN" | "ALL" | "AMD" | "ANG" | "AOA" | "ARS" | "AUD" | "AWG" | "AZN" | "BAM" | "BBD" | "BDT" | "BGN" | "BHD" | "BIF" | "BMD" | "BND" | "BOB" | "BOV" | "BRL" | "BSD" | "BTN" | "BWP" | "BYN" | "BZD" | "CAD" | "CDF" | "CHE" | "CHF" | "CHW" | "CLF" | "CLP" | "CNY" | "COP" | "COU" | "CRC" | "CUC" | "CUP" | "CVE" | "CZK" | "DJF" | "DKK" | "DOP" | "DZD" | "EGP" | "ERN" | "ETB" | "EUR" | "FJD" | "FKP" | "GBP" | "GEL" | "GHS" | "GIP" | "GMD" | "GNF" | "GTQ" | "GYD" | "HKD" | "HNL" | "HTG" | "HUF" | "IDR" | "ILS" | "INR" | "IQD" | "IRR" | "ISK" | "JMD" | "JOD" | "JPY" | "KES" | "KGS" | "KHR" | "KMF" | "KPW" | "KRW" | "KWD" | "KYD" | "KZT" | "LAK" | "LBP" | "LKR" | "LRD" | "LSL" | "LYD" | "MAD" | "MDL" | "MGA" | "MKD" | "MMK" | "MNT" | "MOP" | "MRU" | "MUR" | "MVR" | "MWK" | "MXN" | "MXV" | "MYR" | "MZN" | "NAD" | "NGN" | "NIO" | "NOK" | "NPR" | "NZD" | "OMR" | "PAB" | "PEN" | "PGK" | "PHP" | "PKR" | "PLN" | "PYG" | "QAR" | "RON" | "RSD" | "RUB" | "RWF" | "SAR" | "SBD" | "SCR" | "SDG" | "SEK" | "SGD" | "SHP" | "SLE" | "SOS" | "SRD" | "SSP" | "STN" | "SVC" | "SYP" | "SZL" | "THB" | "TJS" | "TMT" | "TND" | "TOP" | "TRY" | "TTD" | "TWD" | "TZS" | "UAH" | "UGX" | "USD" | "USN" | "UYI" | "UYU" | "UYW" | "UZS" | "VED" | "VES" | "VND" | "VUV" | "WST" | "XAF" | "XAG" | "XAU" | "XBA" | "XBB" | "XBC" | "XBD" | "XCD" | "XDR" | "XOF" | "XPD" | "XPF" | "XPT" | "XSU" | "XTS" | "XUA" | "XXX" | "YER" | "ZAR" | "ZMW" | "ZWG";
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_transfer_received_from_creditor: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every delivery of the event, for deduplication */
                "webhook-id": string;
                /** @description Seconds since the epoch when this delivery was signed */
                "webhook-timestamp": string;
                /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body"> with the webhook secret (Standard Webhooks); two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    event_id: string;
                    /** @constant */
                    type: "transfer_received_from_creditor";
                    /** Format: date-time */
                    occurred_at: string;
                    data: {
                        transfer_id: string;
                        refund_id: string;
                        payment_id: string;
                        account_id: string;
                        /** @description Minor units of currency */
                        amount_minor: number;
                        /**
                         * Format: currency
                         * @enum {string}
                         */
                        currency: "AED" | "AFN" | "ALL" | "AMD" | "ANG" | "AOA" | "ARS" | "AUD" | "AWG" | "AZN" | "BAM" | "BBD" | "BDT" | "BGN" | "BHD" | "BIF" | "BMD" | "BND" | "BOB" | "BOV" | "BRL" | "BSD" | "BTN" | "BWP" | "BYN" | "BZD" | "CAD" | "CDF" | "CHE" | "CHF" | "CHW" | "CLF" | "CLP" | "CNY" | "COP" | "COU" | "CRC" | "CUC" | "CUP" | "CVE" | "CZK" | "DJF" | "DKK" | "DOP" | "DZD" | "EGP" | "ERN" | "ETB" | "EUR" | "FJD" | "FKP" | "GBP" | "GEL" | "GHS" | "GIP" | "GMD" | "GNF" | "GTQ" | "GYD" | "HKD" | "HNL" | "HTG" | "HUF" | "IDR" | "ILS" | "INR" | "IQD" | "IRR" | "ISK" | "JMD" | "JOD" | "JPY" | "KES" | "KGS" | "KHR" | "KMF" | "KPW" | "KRW" | "KWD" | "KYD" | "KZT" | "LAK" | "LBP" | "LKR" | "LRD" | "LSL" | "LYD" | "MAD" | "MDL" | "MGA" | "MKD" | "MMK" | "MNT" | "MOP" | "MRU" | "MUR" | "MVR" | "MWK" | "MXN" | "MXV" | "MYR" | "MZN" | "NAD" | "NGN" | "NIO" | "NOK" | "NPR" | "NZD" | "OMR" | "PAB" | "PEN" | "PGK" | "PHP" | "PKR" | "PLN" | "PYG" | "QAR" | "RON" | "RSD" | "RUB" | "RWF" | "SAR" | "SBD" | "SCR" | "SDG" | "SEK" | "SGD" | "SHP" | "SLE" | "SOS" | "SRD" | "SSP" | "STN" | "SVC" | "SYP" | "SZL" | "THB" | "TJS" | "TMT" | "TND" | "TOP" | "TRY" | "TTD" | "TWD" | "TZS" | "UAH" | "UGX" | "USD" | "USN" | "UYI" | "UYU" | "UYW" | "UZS" | "VED" | "VES" | "VND" | "VUV" | "WST" | "XAF" | "XAG" | "XAU" | "XBA" | "XBB" | "XBC" | "XBD" | "XCD" | "XDR" | "XOF" | "XPD" | "XPF" | "XPT" | "XSU" | "XTS" | "XUA" | "XXX" | "YER" | "ZAR" | "ZMW" | "ZWG";
                        reference: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_refund_completed: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every delivery of the event, for deduplication */
                "webhook-id": string;
                /** @description Seconds since the epoch when this delivery was signed */
                "webhook-timestamp": string;
                /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body"> with the webhook secret (Standard Webhooks); two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    event_id: string;
                    /** @constant */
                    type: "refund_completed";
                    /** Format: date-time */
                    occurred_at: string;
                    data: {
                        refund_id: string;
                        payment_id: string;
                        /** @description Minor units of currency */
                        amount_minor: number;
                        /**
                         * Format: currency
                         * @enum {string}
                         */
                        currency: "AED" | "AFN" | "ALL" | "AMD" | "ANG" | "AOA" | "ARS" | "AUD" | "AWG" | "AZN" | "BAM" | "BBD" | "BDT" | "BGN" | "BHD" | "BIF" | "BMD" | "BND" | "BOB" | "BOV" | "BRL" | "BSD" | "BTN" | "BWP" | "BYN" | "BZD" | "CAD" | "CDF" | "CHE" | "CHF" | "CHW" | "CLF" | "CLP" | "CNY" | "COP" | "COU" | "CRC" | "CUC" | "CUP" | "CVE" | "CZK" | "DJF" | "DKK" | "DOP" | "DZD" | "EGP" | "ERN" | "ETB" | "EUR" | "FJD" | "FKP" | "GBP" | "GEL" | "GHS" | "GIP" | "GMD" | "GNF" | "GTQ" | "GYD" | "HKD" | "HNL" | "HTG" | "HUF" | "IDR" | "ILS" | "INR" | "IQD" | "IRR" | "ISK" | "JMD" | "JOD" | "JPY" | "KES" | "KGS" | "KHR" | "KMF" | "KPW" | "KRW" | "KWD" | "KYD" | "KZT" | "LAK" | "LBP" | "LKR" | "LRD" | "LSL" | "LYD" | "MAD" | "MDL" | "MGA" | "MKD" | "MMK" | "MNT" | "MOP" | "MRU" | "MUR" | "MVR" | "MWK" | "MXN" | "MXV" | "MYR" | "MZN" | "NAD" | "NGN" | "NIO" | "NOK" | "NPR" | "NZD" | "OMR" | "PAB" | "PEN" | "PGK" | "PHP" | "PKR" | "PLN" | "PYG" | "QAR" | "RON" | "RSD" | "RUB" | "RWF" | "SAR" | "SBD" | "SCR" | "SDG" | "SEK" | "SGD" | "SHP" | "SLE" | "SOS" | "SRD" | "SSP" | "STN" | "SVC" | "SYP" | "SZL" | "THB" | "TJS" | "TMT" | "TND" | "TOP" | "TRY" | "TTD" | "TWD" | "TZS" | "UAH" | "UGX" | "USD" | "USN" | "UYI" | "UYU" | "UYW" | "UZS" | "VED" | "VES" | "VND" | "VUV" | "WST" | "XAF" | "XAG" | "XAU" | "XBA" | "XBB" | "XBC" | "XBD" | "XCD" | "XDR" | "XOF" | "XPD" | "XPF" | "XPT" | "XSU" | "XTS" | "XUA" | "XXX" | "YER" | "ZAR" | "ZMW" | "ZWG";
                        reference: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_refund_failed: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every delivery of the event, for deduplication */
                "webhook-id": string;
                /** @description Seconds since the epoch when this delivery was signed */
                "webhook-timestamp": string;
                /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body"> with the webhook secret (Standard Webhooks); two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    event_id: string;
                    /** @constant */
                    type: "refund_failed";
                    /** Format: date-time */
                    occurred_at: string;
                    data: {
                        refund_id: string;
                        payment_id: string;
                        /** @description Minor units of currency */
                        amount_minor: number;
                        /**
                         * Format: currency
                         * @enum {string}
                         */
                        currency: "AED" | "AFN" | "ALL" | "AMD" | "ANG" | "AOA" | "ARS" | "AUD" | "AWG" | "AZN" | "BAM" | "BBD" | "BDT" | "BGN" | "BHD" | "BIF" | "BMD" | "BND" | "BOB" | "BOV" | "BRL" | "BSD" | "BTN" | "BWP" | "BYN" | "BZD" | "CAD" | "CDF" | "CHE" | "CHF" | "CHW" | "CLF" | "CLP" | "CNY" | "COP" | "COU" | "CRC" | "CUC" | "CUP" | "CVE" | "CZK" | "DJF" | "DKK" | "DOP" | "DZD" | "EGP" | "ERN" | "ETB" | "EUR" | "FJD" | "FKP" | "GBP" | "GEL" | "GHS" | "GIP" | "GMD" | "GNF" | "GTQ" | "GYD" | "HKD" | "HNL" | "HTG" | "HUF" | "IDR" | "ILS" | "INR" | "IQD" | "IRR" | "ISK" | "JMD" | "JOD" | "JPY" | "KES" | "KGS" | "KHR" | "KMF" | "KPW" | "KRW" | "KWD" | "KYD" | "KZT" | "LAK" | "LBP" | "LKR" | "LRD" | "LSL" | "LYD" | "MAD" | "MDL" | "MGA" | "MKD" | "MMK" | "MNT" | "MOP" | "MRU" | "MUR" | "MVR" | "MWK" | "MXN" | "MXV" | "MYR" | "MZN" | "NAD" | "NGN" | "NIO" | "NOK" | "NPR" | "NZD" | "OMR" | "PAB" | "PEN" | "PGK" | "PHP" | "PKR" | "PLN" | "PYG" | "QAR" | "RON" | "RSD" | "RUB" | "RWF" | "SAR" | "SBD" | "SCR" | "SDG" | "SEK" | "SGD" | "SHP" | "SLE" | "SOS" | "SRD" | "SSP" | "STN" | "SVC" | "SYP" | "SZL" | "THB" | "TJS" | "TMT" | "TND" | "TOP" | "TRY" | "TTD" | "TWD" | "TZS" | "UAH" | "UGX" | "USD" | "USN" | "UYI" | "UYU" | "UYW" | "UZS" | "VED" | "VES" | "VND" | "VUV" | "WST" | "XAF" | "XAG" | "XAU" | "XBA" | "XBB" | "XBC" | "XBD" | "XCD" | "XDR" | "XOF" | "XPD" | "XPF" | "XPT" | "XSU" | "XTS" | "XUA" | "XXX" | "YER" | "ZAR" | "ZMW" | "ZWG";
                        reference: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_payment_charged_back: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every delivery of the event, for deduplication */
                "webhook-id": string;
                /** @description Seconds since the epoch when this delivery was signed */
                "webhook-timestamp": string;
                /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body"> with the webhook secret (Standard Webhooks); two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    event_id: string;
                    /** @constant */
                    type: "payment_charged_back";
                    /** Format: date-time */
                    occurred_at: string;
                    data: {
                        chargeback_id: string;
                        payment_id: string;
                        refund_id: string | null;
                        /** @description Minor units of currency */
                        amount_minor: number;
                        /**
                         * Format: currency
                         * @enum {string}
                         */
                        currency: "AED" | "AFN" | "ALL" | "AMD" | "ANG" | "AOA" | "ARS" | "AUD" | "AWG" | "AZN" | "BAM" | "BBD" | "BDT" | "BGN" | "BHD" | "BIF" | "BMD" | "BND" | "BOB" | "BOV" | "BRL" | "BSD" | "BTN" | "BWP" | "BYN" | "BZD" | "CAD" | "CDF" | "CHE" | "CHF" | "CHW" | "CLF" | "CLP" | "CNY" | "COP" | "COU" | "CRC" | "CUC" | "CUP" | "CVE" | "CZK" | "DJF" | "DKK" | "DOP" | "DZD" | "EGP" | "ERN" | "ETB" | "EUR" | "FJD" | "FKP" | "GBP" | "GEL" | "GHS" | "GIP" | "GMD" | "GNF" | "GTQ" | "GYD" | "HKD" | "HNL" | "HTG" | "HUF" | "IDR" | "ILS" | "INR" | "IQD" | "IRR" | "ISK" | "JMD" | "JOD" | "JPY" | "KES" | "KGS" | "KHR" | "KMF" | "KPW" | "KRW" | "KWD" | "KYD" | "KZT" | "LAK" | "LBP" | "LKR" | "LRD" | "LSL" | "LYD" | "MAD" | "MDL" | "MGA" | "MKD" | "MMK" | "MNT" | "MOP" | "MRU" | "MUR" | "MVR" | "MWK" | "MXN" | "MXV" | "MYR" | "MZN" | "NAD" | "NGN" | "NIO" | "NOK" | "NPR" | "NZD" | "OMR" | "PAB" | "PEN" | "PGK" | "PHP" | "PKR" | "PLN" | "PYG" | "QAR" | "RON" | "RSD" | "RUB" | "RWF" | "SAR" | "SBD" | "SCR" | "SDG" | "SEK" | "SGD" | "SHP" | "SLE" | "SOS" | "SRD" | "SSP" | "STN" | "SVC" | "SYP" | "SZL" | "THB" | "TJS" | "TMT" | "TND" | "TOP" | "TRY" | "TTD" | "TWD" | "TZS" | "UAH" | "UGX" | "USD" | "USN" | "UYI" | "UYU" | "UYW" | "UZS" | "VED" | "VES" | "VND" | "VUV" | "WST" | "XAF" | "XAG" | "XAU" | "XBA" | "XBB" | "XBC" | "XBD" | "XCD" | "XDR" | "XOF" | "XPD" | "XPF" | "XPT" | "XSU" | "XTS" | "XUA" | "XXX" | "YER" | "ZAR" | "ZMW" | "ZWG";
                        reason: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_payout_failed: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every delivery of the event, for deduplication */
                "webhook-id": string;
                /** @description Seconds since the epoch when this delivery was signed */
                "webhook-timestamp": string;
                /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body"> with the webhook secret (Standard Webhooks); two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    event_id: string;
                    /** @constant */
                    type: "payout_failed";
                    /** Format: date-time */
                    occurred_at: string;
                    data: {
                        payout_id: string;
                        account_id: string;
                        /** @description Minor units of currency */
                        amount_minor: number;
                        /**
                         * Format: currency
                         * @enum {string}
                         */
                        currency: "AED" | "AFN" | "ALL" | "AMD" | "ANG" | "AOA" | "ARS" | "AUD" | "AWG" | "AZN" | "BAM" | "BBD" | "BDT" | "BGN" | "BHD" | "BIF" | "BMD" | "BND" | "BOB" | "BOV" | "BRL" | "BSD" | "BTN" | "BWP" | "BYN" | "BZD" | "CAD" | "CDF" | "CHE" | "CHF" | "CHW" | "CLF" | "CLP" | "CNY" | "COP" | "COU" | "CRC" | "CUC" | "CUP" | "CVE" | "CZK" | "DJF" | "DKK" | "DOP" | "DZD" | "EGP" | "ERN" | "ETB" | "EUR" | "FJD" | "FKP" | "GBP" | "GEL" | "GHS" | "GIP" | "GMD" | "GNF" | "GTQ" | "GYD" | "HKD" | "HNL" | "HTG" | "HUF" | "IDR" | "ILS" | "INR" | "IQD" | "IRR" | "ISK" | "JMD" | "JOD" | "JPY" | "KES" | "KGS" | "KHR" | "KMF" | "KPW" | "KRW" | "KWD" | "KYD" | "KZT" | "LAK" | "LBP" | "LKR" | "LRD" | "LSL" | "LYD" | "MAD" | "MDL" | "MGA" | "MKD" | "MMK" | "MNT" | "MOP" | "MRU" | "MUR" | "MVR" | "MWK" | "MXN" | "MXV" | "MYR" | "MZN" | "NAD" | "NGN" | "NIO" | "NOK" | "NPR" | "NZD" | "OMR" | "PAB" | "PEN" | "PGK" | "PHP" | "PKR" | "PLN" | "PYG" | "QAR" | "RON" | "RSD" | "RUB" | "RWF" | "SAR" | "SBD" | "SCR" | "SDG" | "SEK" | "SGD" | "SHP" | "SLE" | "SOS" | "SRD" | "SSP" | "STN" | "SVC" | "SYP" | "SZL" | "THB" | "TJS" | "TMT" | "TND" | "TOP" | "TRY" | "TTD" | "TWD" | "TZS" | "UAH" | "UGX" | "USD" | "USN" | "UYI" | "UYU" | "UYW" | "UZS" | "VED" | "VES" | "VND" | "VUV" | "WST" | "XAF" | "XAG" | "XAU" | "XBA" | "XBB" | "XBC" | "XBD" | "XCD" | "XDR" | "XOF" | "XPD" | "XPF" | "XPT" | "XSU" | "XTS" | "XUA" | "XXX" | "YER" | "ZAR" | "ZMW" | "ZWG";
                        reason: string | null;
                        /** @description The bank refused the account's payout account: its transfers wait until the account is changed */
                        payout_account_refused: boolean;
                        /** @description The transfers of the payout, waiting again for the next payout */
                        transfer_ids: string[];
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_application_started: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every delivery of the event, for deduplication */
                "webhook-id": string;
                /** @description Seconds since the epoch when this delivery was signed */
                "webhook-timestamp": string;
                /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body"> with the webhook secret (Standard Webhooks); two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    event_id: string;
                    /** @constant */
                    type: "application_started";
                    /** Format: date-time */
                    occurred_at: string;
                    data: {
                        id: string;
                        merchant_id: string;
                        reference: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_application_submitted: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every delivery of the event, for deduplication */
                "webhook-id": string;
                /** @description Seconds since the epoch when this delivery was signed */
                "webhook-timestamp": string;
                /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body"> with the webhook secret (Standard Webhooks); two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    event_id: string;
                    /** @constant */
                    type: "application_submitted";
                    /** Format: date-time */
                    occurred_at: string;
                    data: {
                        id: string;
                        merchant_id: string;
                        reference: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_application_succeeded: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every delivery of the event, for deduplication */
                "webhook-id": string;
                /** @description Seconds since the epoch when this delivery was signed */
                "webhook-timestamp": string;
                /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body"> with the webhook secret (Standard Webhooks); two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    event_id: string;
                    /** @constant */
                    type: "application_succeeded";
                    /** Format: date-time */
                    occurred_at: string;
                    data: {
                        id: string;
                        merchant_id: string;
                        reference: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_application_action_required: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every delivery of the event, for deduplication */
                "webhook-id": string;
                /** @description Seconds since the epoch when this delivery was signed */
                "webhook-timestamp": string;
                /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body"> with the webhook secret (Standard Webhooks); two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    event_id: string;
                    /** @constant */
                    type: "application_action_required";
                    /** Format: date-time */
                    occurred_at: string;
                    data: {
                        id: string;
                        merchant_id: string;
                        reference: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
