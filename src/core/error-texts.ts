import type { FieldError, ProblemCode } from './errors.js';
import type { FieldErrorCode } from './field-errors.js';
import { LANGUAGES, type Language } from './language.js';

/**
 * What the server's errors say to a person, in every page language: each field error code
 * (core/field-errors) and each problem code (core/errors), worded for someone filling in a form.
 * The hosted pages read these texts as /assets/server-texts.js and the dashboard renders them, so
 * the buyer and the applicant see an error in the page's language, never the API's English detail.
 * {name} is filled from the error's params.
 */
type Texts = Record<Language, string>;

export const FIELD_TEXTS: Record<FieldErrorCode, Texts> = {
  required: { en: 'This field is required.', de: 'Dieses Feld ist erforderlich.', es: 'Este campo es obligatorio.' },
  not_allowed: { en: 'This information is not asked for here.', de: 'Diese Angabe ist hier nicht vorgesehen.', es: 'Este dato no corresponde aquí.' },
  wrong_type: { en: 'This value does not have the expected form.', de: 'Dieser Wert hat nicht die erwartete Form.', es: 'Este valor no tiene la forma esperada.' },
  not_one_of: { en: 'Please choose one of the options offered.', de: 'Bitte wählen Sie eine der angebotenen Möglichkeiten.', es: 'Elija una de las opciones ofrecidas.' },
  too_short: { en: 'Enter at least {limit} characters.', de: 'Bitte mindestens {limit} Zeichen eingeben.', es: 'Introduzca al menos {limit} caracteres.' },
  too_long: { en: 'Enter at most {limit} characters.', de: 'Bitte höchstens {limit} Zeichen eingeben.', es: 'Introduzca como máximo {limit} caracteres.' },
  too_small: { en: 'Enter a value of at least {limit}.', de: 'Bitte einen Wert von mindestens {limit} eingeben.', es: 'Introduzca un valor de al menos {limit}.' },
  too_large: { en: 'Enter a value of at most {limit}.', de: 'Bitte einen Wert von höchstens {limit} eingeben.', es: 'Introduzca un valor de como máximo {limit}.' },
  too_few_items: { en: 'Choose at least {limit}.', de: 'Bitte mindestens {limit} auswählen.', es: 'Elija al menos {limit}.' },
  too_many_items: { en: 'Choose at most {limit}.', de: 'Bitte höchstens {limit} auswählen.', es: 'Elija como máximo {limit}.' },
  duplicate_items: { en: 'Each entry may appear only once.', de: 'Jeder Eintrag darf nur einmal vorkommen.', es: 'Cada elemento solo puede aparecer una vez.' },
  pattern_mismatch: { en: 'This entry does not have the expected format.', de: 'Diese Angabe hat nicht das erwartete Format.', es: 'Este dato no tiene el formato esperado.' },
  invalid: { en: 'Please check this entry.', de: 'Bitte prüfen Sie diese Angabe.', es: 'Revise este dato.' },
  invalid_text: { en: 'This text contains characters that cannot be used.', de: 'Dieser Text enthält Zeichen, die nicht verwendet werden können.', es: 'Este texto contiene caracteres que no se pueden usar.' },
  invalid_country: { en: 'Please choose a country from the list.', de: 'Bitte wählen Sie ein Land aus der Liste.', es: 'Elija un país de la lista.' },
  invalid_currency: { en: 'Please choose a currency from the list.', de: 'Bitte wählen Sie eine Währung aus der Liste.', es: 'Elija una moneda de la lista.' },
  invalid_email: { en: 'Enter a valid email address.', de: 'Bitte eine gültige E-Mail-Adresse eingeben.', es: 'Introduzca un correo electrónico válido.' },
  invalid_hex_color: {
    en: 'Enter a colour as # and six hexadecimal digits, for example #1f4fd8.',
    de: 'Bitte eine Farbe als # und sechs Hexadezimalziffern eingeben, z. B. #1f4fd8.',
    es: 'Introduzca un color como # y seis dígitos hexadecimales, por ejemplo #1f4fd8.',
  },
  invalid_ipv4: { en: 'Enter an IPv4 address such as 192.0.2.10.', de: 'Bitte eine IPv4-Adresse wie 192.0.2.10 eingeben.', es: 'Introduzca una dirección IPv4 como 192.0.2.10.' },
  invalid_date: { en: 'Enter a valid date.', de: 'Bitte ein gültiges Datum eingeben.', es: 'Introduzca una fecha válida.' },
  invalid_date_time: { en: 'Enter a valid date and time.', de: 'Bitte ein gültiges Datum mit Uhrzeit eingeben.', es: 'Introduzca una fecha y una hora válidas.' },
  invalid_card_number: { en: 'This card number is not valid.', de: 'Diese Kartennummer ist ungültig.', es: 'Este número de tarjeta no es válido.' },
  invalid_cvv: { en: 'Enter the 3- or 4-digit security code.', de: 'Bitte die 3- oder 4-stellige Prüfnummer eingeben.', es: 'Introduzca el código de seguridad de 3 o 4 dígitos.' },
  invalid_uri: { en: 'Enter a web address such as https://example.com.', de: 'Bitte eine Webadresse wie https://beispiel.de angeben.', es: 'Introduzca una dirección web como https://ejemplo.es.' },
  invalid_name: { en: 'Enter at least 2 letters, without invisible or control characters.', de: 'Bitte mindestens 2 Buchstaben eingeben, ohne unsichtbare oder Steuerzeichen.', es: 'Introduzca al menos 2 letras, sin caracteres invisibles ni de control.' },
  invalid_plain_line: { en: 'Enter one line of text without invisible or control characters.', de: 'Bitte eine Zeile Text ohne unsichtbare oder Steuerzeichen eingeben.', es: 'Introduzca una línea de texto sin caracteres invisibles ni de control.' },
  invalid_plain_text: { en: 'Enter text without invisible or control characters.', de: 'Bitte Text ohne unsichtbare oder Steuerzeichen eingeben.', es: 'Introduzca texto sin caracteres invisibles ni de control.' },
  given_twice: { en: 'Give this only once.', de: 'Bitte nur einmal angeben.', es: 'Indíquelo solo una vez.' },
  length_out_of_range: { en: 'Enter {min} to {max} characters.', de: 'Bitte {min} bis {max} Zeichen eingeben.', es: 'Introduzca entre {min} y {max} caracteres.' },
  too_young: { en: 'The person must be at least {years} years old.', de: 'Die Person muss mindestens {years} Jahre alt sein.', es: 'La persona debe tener al menos {years} años.' },
  postcode_invalid: { en: 'This postcode does not exist in this country.', de: 'Diese Postleitzahl gibt es in diesem Land nicht.', es: 'Este código postal no es de este país.' },
  currency_not_supported: { en: 'Please choose one of the currencies offered.', de: 'Bitte wählen Sie eine der angebotenen Währungen.', es: 'Elija una de las monedas ofrecidas.' },
  logo_unusable: {
    en: 'Choose an uploaded company_logo document (PNG, JPEG or SVG) of at most {limit} KB.',
    de: 'Bitte ein hochgeladenes company_logo-Dokument (PNG, JPEG oder SVG) mit höchstens {limit} KB wählen.',
    es: 'Elija un documento company_logo subido (PNG, JPEG o SVG) de {limit} KB como máximo.',
  },
  file_rejected: {
    en: 'This file was not accepted. Please upload a JPEG, PNG or PDF of up to 4 MB.',
    de: 'Diese Datei wurde nicht angenommen. Bitte JPEG, PNG oder PDF mit höchstens 4 MB hochladen.',
    es: 'No se pudo aceptar este archivo. Suba un JPEG, PNG o PDF de 4 MB como máximo.',
  },
  invalid_cursor: {
    en: 'This list has changed. Please start again from the first page.',
    de: 'Diese Liste hat sich geändert. Bitte beginnen Sie wieder auf der ersten Seite.',
    es: 'Esta lista ha cambiado. Vuelva a empezar desde la primera página.',
  },
  url_not_allowed: { en: 'This web address cannot receive notifications.', de: 'An diese Webadresse können keine Benachrichtigungen gesendet werden.', es: 'Esta dirección web no puede recibir notificaciones.' },
  https_required: { en: 'Enter an address starting with https://.', de: 'Bitte eine Adresse angeben, die mit https:// beginnt.', es: 'Introduzca una dirección que empiece por https://.' },
  scope_not_allowed: { en: 'This permission cannot be granted.', de: 'Diese Berechtigung kann nicht erteilt werden.', es: 'Este permiso no se puede conceder.' },
  country_mismatch: { en: 'The address must be in the country where the business is registered.', de: 'Die Anschrift muss im Land der Eintragung liegen.', es: 'La dirección debe estar en el país de registro.' },
  vat_number_malformed: {
    en: 'Enter the VAT number with its country prefix, for example DE136695976.',
    de: 'Bitte die USt-IdNr. mit Länderkennung angeben, z. B. DE136695976.',
    es: 'Introduzca el NIF-IVA con el prefijo del país, por ejemplo ESB12398087.',
  },
  vat_number_prefix: { en: 'A VAT number of this country starts with {prefix}.', de: 'Eine USt-IdNr. dieses Landes beginnt mit {prefix}.', es: 'Un NIF-IVA de este país empieza por {prefix}.' },
  vat_number_format: { en: 'This VAT number does not have the format of its country.', de: 'Diese USt-IdNr. hat nicht das Format ihres Landes.', es: 'Este NIF-IVA no tiene el formato de su país.' },
  vat_number_check_digits: {
    en: 'This VAT number is not valid: its check digit does not match. Please check it for typos.',
    de: 'Diese USt-IdNr. ist ungültig: Die Prüfziffer stimmt nicht. Bitte prüfen Sie sie auf Tippfehler.',
    es: 'Este NIF-IVA no es válido: el dígito de control no coincide. Compruebe que no haya errores.',
  },
  registration_code_mismatch: { en: 'This register does not match the legal form.', de: 'Dieses Register passt nicht zur Rechtsform.', es: 'Este registro no corresponde a la forma jurídica.' },
  registration_number_format: { en: 'This is not a number of the register ({register}).', de: 'Diese Nummer passt nicht zum Register ({register}).', es: 'Este número no es válido para el registro ({register}).' },
  district_court_unknown: { en: 'Please choose the register court from the list.', de: 'Bitte wählen Sie das Registergericht aus der Liste.', es: 'Elija el juzgado de la lista.' },
  mcc_unknown: { en: 'Please choose a category from the list.', de: 'Bitte wählen Sie eine Branche aus der Liste.', es: 'Elija un sector de la lista.' },
  phone_invalid: { en: 'This phone number is not valid for the chosen country.', de: 'Diese Telefonnummer ist für das gewählte Land ungültig.', es: 'Este teléfono no es válido para el país elegido.' },
  iban_country: {
    en: 'An IBAN starts with the code of a country that uses IBANs, such as DE.',
    de: 'Eine IBAN beginnt mit dem Kürzel eines Landes, das IBANs verwendet, z. B. DE.',
    es: 'Un IBAN empieza por el código de un país que usa IBAN, por ejemplo ES.',
  },
  iban_length: { en: 'This IBAN has the wrong length for its country.', de: 'Diese IBAN hat für ihr Land die falsche Länge.', es: 'Este IBAN no tiene la longitud de su país.' },
  iban_format: { en: 'This IBAN does not have the format of its country.', de: 'Diese IBAN hat nicht das Format ihres Landes.', es: 'Este IBAN no tiene el formato de su país.' },
  iban_checksum: { en: 'This IBAN is not valid. Please check it for typos.', de: 'Diese IBAN ist ungültig. Bitte prüfen Sie sie auf Tippfehler.', es: 'Este IBAN no es válido. Compruebe que no haya errores.' },
  iban_not_sepa: { en: 'Payouts in euros need an account in the SEPA area.', de: 'Auszahlungen in Euro benötigen ein Konto im SEPA-Raum.', es: 'Los pagos en euros necesitan una cuenta de la zona SEPA.' },
  method_not_offered: { en: 'This payment method is not offered for this payment.', de: 'Diese Zahlungsart wird für diese Zahlung nicht angeboten.', es: 'Este método de pago no está disponible para este pago.' },
  card_expired: { en: 'This card has expired.', de: 'Diese Karte ist abgelaufen.', es: 'Esta tarjeta ha caducado.' },
  token_unusable: { en: 'Your card details have expired. Please enter them again.', de: 'Ihre Kartendaten sind abgelaufen. Bitte geben Sie sie erneut ein.', es: 'Los datos de su tarjeta han caducado. Introdúzcalos de nuevo.' },
  unknown_report: {
    en: 'The confirmation from your bank was not recognised. Please try again.',
    de: 'Die Bestätigung Ihrer Bank wurde nicht erkannt. Bitte versuchen Sie es erneut.',
    es: 'No se reconoció la confirmación de su banco. Inténtelo de nuevo.',
  },
  account_type_mismatch: {
    en: 'The form does not match the type of your bank account. Please reload the page.',
    de: 'Das Formular passt nicht zur Art Ihres Bankkontos. Bitte laden Sie die Seite neu.',
    es: 'El formulario no corresponde al tipo de su cuenta bancaria. Vuelva a cargar la página.',
  },
  amount_required: { en: 'This payment method needs an amount above zero.', de: 'Diese Zahlungsart benötigt einen Betrag über null.', es: 'Este método de pago necesita un importe mayor que cero.' },
  amounts_do_not_add_up: { en: 'The amounts do not add up to the total.', de: 'Die Beträge ergeben nicht die Gesamtsumme.', es: 'Los importes no suman el total.' },
  contributions_do_not_add_up: { en: 'The fee shares must add up to 100 %.', de: 'Die Gebührenanteile müssen zusammen 100 % ergeben.', es: 'Las partes de la comisión deben sumar el 100 %.' },
  duplicate: { en: 'This appears more than once.', de: 'Dies kommt mehrfach vor.', es: 'Esto aparece más de una vez.' },
  unknown_merchant: { en: 'This merchant is not known here.', de: 'Dieser Händler ist hier nicht bekannt.', es: 'Este comercio no se conoce aquí.' },
  fee_share_too_large: {
    en: 'This share of the fee is larger than the amount it is taken from.',
    de: 'Dieser Gebührenanteil ist größer als der Betrag, von dem er abgezogen wird.',
    es: 'Esta parte de la comisión es mayor que el importe del que se descuenta.',
  },
  initial_payment_unusable: { en: 'This initial payment cannot be charged again.', de: 'Diese Erstzahlung kann nicht erneut belastet werden.', es: 'Este pago inicial no se puede volver a cobrar.' },
  currency_mismatch: { en: 'The currency must be that of the initial payment.', de: 'Die Währung muss die der Erstzahlung sein.', es: 'La moneda debe ser la del pago inicial.' },
  exceeds_refundable: { en: 'This is more than can still be refunded.', de: 'Das ist mehr, als noch erstattet werden kann.', es: 'Es más de lo que aún se puede reembolsar.' },
  nothing_to_refund: { en: 'Enter at least one amount above zero.', de: 'Bitte mindestens einen Betrag über null angeben.', es: 'Indique al menos un importe mayor que cero.' },
  not_sepa_payment: {
    en: 'Only SEPA Direct Debit payments can be refunded this way.',
    de: 'Nur SEPA-Lastschriften können auf diesem Weg erstattet werden.',
    es: 'Solo los adeudos directos SEPA se pueden reembolsar de esta forma.',
  },
};

export const PROBLEM_TEXTS: Record<ProblemCode, Texts> = {
  validation_error: { en: 'Some details are not valid. Please check them.', de: 'Einige Angaben sind ungültig. Bitte prüfen Sie sie.', es: 'Algunos datos no son válidos. Revíselos.' },
  malformed_request: { en: 'The request could not be read. Please try again.', de: 'Die Anfrage konnte nicht gelesen werden. Bitte versuchen Sie es erneut.', es: 'No se pudo leer la solicitud. Inténtelo de nuevo.' },
  invalid_cursor: {
    en: 'This list has changed. Please start again from the first page.',
    de: 'Diese Liste hat sich geändert. Bitte beginnen Sie wieder auf der ersten Seite.',
    es: 'Esta lista ha cambiado. Vuelva a empezar desde la primera página.',
  },
  invalid_request: { en: 'The request is not valid.', de: 'Die Anfrage ist ungültig.', es: 'La solicitud no es válida.' },
  invalid_scope: { en: 'This permission cannot be granted.', de: 'Diese Berechtigung kann nicht erteilt werden.', es: 'Este permiso no se puede conceder.' },
  unsupported_grant_type: { en: 'This way of signing in is not supported.', de: 'Diese Art der Anmeldung wird nicht unterstützt.', es: 'Esta forma de acceso no es compatible.' },
  invalid_client: { en: 'The sign-in details are not valid.', de: 'Die Anmeldedaten sind ungültig.', es: 'Los datos de acceso no son válidos.' },
  unauthenticated: {
    en: 'This link is incomplete. Please use the link you were given.',
    de: 'Dieser Link ist unvollständig. Bitte verwenden Sie den Link, den Sie erhalten haben.',
    es: 'Este enlace está incompleto. Utilice el enlace que recibió.',
  },
  invalid_token: { en: 'This link is no longer valid.', de: 'Dieser Link ist nicht mehr gültig.', es: 'Este enlace ya no es válido.' },
  insufficient_scope: { en: 'You are not allowed to do this.', de: 'Dazu fehlt Ihnen die Berechtigung.', es: 'No tiene permiso para hacer esto.' },
  not_found: { en: 'This could not be found.', de: 'Das wurde nicht gefunden.', es: 'No se ha encontrado.' },
  route_not_found: { en: 'This page does not exist.', de: 'Diese Seite gibt es nicht.', es: 'Esta página no existe.' },
  method_not_allowed: { en: 'This action is not possible here.', de: 'Diese Aktion ist hier nicht möglich.', es: 'Esta acción no es posible aquí.' },
  conflict: { en: 'This has changed in the meantime. Please reload the page.', de: 'Das hat sich inzwischen geändert. Bitte laden Sie die Seite neu.', es: 'Esto ha cambiado mientras tanto. Vuelva a cargar la página.' },
  idempotency_in_flight: { en: 'This is still being processed. Please wait a moment.', de: 'Das wird noch bearbeitet. Bitte warten Sie einen Moment.', es: 'Todavía se está procesando. Espere un momento.' },
  gone: { en: 'This has expired.', de: 'Das ist abgelaufen.', es: 'Esto ha caducado.' },
  headers_too_large: { en: 'The request could not be read. Please try again.', de: 'Die Anfrage konnte nicht gelesen werden. Bitte versuchen Sie es erneut.', es: 'No se pudo leer la solicitud. Inténtelo de nuevo.' },
  request_timeout: { en: 'This took too long. Please try again.', de: 'Das hat zu lange gedauert. Bitte versuchen Sie es erneut.', es: 'Esto ha tardado demasiado. Inténtelo de nuevo.' },
  payload_too_large: { en: 'This is too large.', de: 'Das ist zu groß.', es: 'Esto es demasiado grande.' },
  unsupported_media_type: { en: 'This type of file or data is not supported.', de: 'Diese Art von Datei oder Daten wird nicht unterstützt.', es: 'Este tipo de archivo o de datos no es compatible.' },
  business_rule: { en: 'This is not possible as entered. Please check the details.', de: 'So ist das nicht möglich. Bitte prüfen Sie die Angaben.', es: 'Así no es posible. Revise los datos.' },
  idempotency_key_reused: { en: 'This request was already sent with other details.', de: 'Diese Anfrage wurde bereits mit anderen Angaben gesendet.', es: 'Esta solicitud ya se envió con otros datos.' },
  rate_limited: {
    en: 'Too many attempts. Please wait a moment and try again.',
    de: 'Zu viele Versuche. Bitte warten Sie einen Moment und versuchen Sie es erneut.',
    es: 'Demasiados intentos. Espere un momento e inténtelo de nuevo.',
  },
  internal_error: {
    en: 'Something went wrong on our side. Please try again in a moment.',
    de: 'Bei uns ist etwas schiefgelaufen. Bitte versuchen Sie es gleich noch einmal.',
    es: 'Algo ha fallado por nuestra parte. Inténtelo de nuevo en un momento.',
  },
  service_unavailable: {
    en: 'The service is briefly unavailable. Please try again in a moment.',
    de: 'Der Dienst ist kurz nicht erreichbar. Bitte versuchen Sie es gleich noch einmal.',
    es: 'El servicio no está disponible por un momento. Inténtelo de nuevo en un momento.',
  },
};

/** The {name} placeholders of a text. */
export function placeholdersOf(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
}

/** A field error in the language, its params filled in. */
export function fieldText(error: Pick<FieldError, 'code' | 'params'>, language: Language): string {
  return FIELD_TEXTS[error.code][language].replace(/\{(\w+)\}/g, (_, name: string) => String(error.params?.[name] ?? ''));
}

/**
 * The texts as the pages' script reads them (createTexts in assets/common.js): by language,
 * "field:<code>" and "problem:<code>", served as the module /assets/server-texts.js.
 */
export function serverTextsModule(): string {
  const byLanguage = Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      {
        ...Object.fromEntries(Object.entries(FIELD_TEXTS).map(([code, texts]) => [`field:${code}`, texts[language]])),
        ...Object.fromEntries(Object.entries(PROBLEM_TEXTS).map(([code, texts]) => [`problem:${code}`, texts[language]])),
      },
    ]),
  );
  return `// The server's error texts by language (src/core/error-texts.ts).\nexport const SERVER_TEXTS = ${JSON.stringify(byLanguage)};\n`;
}
