// Where a business is decides its money, not the language its administrator reads: a shop in
// Brazil run in English counts in reais. The browser's language tags name a region ("en-BR",
// "pt-BR"); Intl knows currencies but not which one a country uses, so the table below does
// (ISO 3166-1 alpha-2 → ISO 4217, the currency in everyday use).
import { defaultCurrency, isCurrency } from './money.ts';

const EURO = 'AD AT AX BE BL CY DE EE ES FI FR GF GP GR HR IE IT LT LU LV MC ME MF MQ MT NL PM PT RE SI SK SM VA XK YT';
const US_DOLLAR = 'AS BQ EC FM GU IO MH MP PR PW SV TC TL UM US VG VI ZW';

const OTHERS = `AE:AED AF:AFN AG:XCD AI:XCD AL:ALL AM:AMD AO:AOA AR:ARS AU:AUD AW:AWG AZ:AZN BA:BAM BB:BBD
BD:BDT BF:XOF BG:BGN BH:BHD BI:BIF BJ:XOF BM:BMD BN:BND BO:BOB BR:BRL BS:BSD BT:BTN BW:BWP BY:BYN
BZ:BZD CA:CAD CC:AUD CD:CDF CF:XAF CG:XAF CH:CHF CI:XOF CK:NZD CL:CLP CM:XAF CN:CNY CO:COP CR:CRC
CU:CUP CV:CVE CW:ANG CX:AUD CZ:CZK DJ:DJF DK:DKK DM:XCD DO:DOP DZ:DZD EG:EGP EH:MAD ER:ERN ET:ETB
FJ:FJD FK:FKP FO:DKK GA:XAF GB:GBP GD:XCD GE:GEL GG:GBP GH:GHS GI:GIP GL:DKK GM:GMD GN:GNF GQ:XAF
GT:GTQ GW:XOF GY:GYD HK:HKD HN:HNL HT:HTG HU:HUF ID:IDR IL:ILS IM:GBP IN:INR IQ:IQD IR:IRR IS:ISK
JE:GBP JM:JMD JO:JOD JP:JPY KE:KES KG:KGS KH:KHR KI:AUD KM:KMF KN:XCD KP:KPW KR:KRW KW:KWD KY:KYD
KZ:KZT LA:LAK LB:LBP LC:XCD LI:CHF LK:LKR LR:LRD LS:LSL LY:LYD MA:MAD MD:MDL MG:MGA MK:MKD ML:XOF
MM:MMK MN:MNT MO:MOP MR:MRU MS:XCD MU:MUR MV:MVR MW:MWK MX:MXN MY:MYR MZ:MZN NA:NAD NC:XPF NE:XOF
NF:AUD NG:NGN NI:NIO NO:NOK NP:NPR NR:AUD NU:NZD NZ:NZD OM:OMR PA:PAB PE:PEN PF:XPF PG:PGK PH:PHP
PK:PKR PL:PLN PN:NZD PS:ILS PY:PYG QA:QAR RO:RON RS:RSD RU:RUB RW:RWF SA:SAR SB:SBD SC:SCR SD:SDG
SE:SEK SG:SGD SH:SHP SJ:NOK SL:SLE SN:XOF SO:SOS SR:SRD SS:SSP ST:STN SX:ANG SY:SYP SZ:SZL TD:XAF
TG:XOF TH:THB TJ:TJS TK:NZD TM:TMT TN:TND TO:TOP TR:TRY TT:TTD TV:AUD TW:TWD TZ:TZS UA:UAH UG:UGX
UY:UYU UZ:UZS VC:XCD VE:VES VN:VND VU:VUV WF:XPF WS:WST YE:YER ZA:ZAR ZM:ZMW`;

const BY_REGION: ReadonlyMap<string, string> = new Map([
  ...EURO.split(' ').map((region) => [region, 'EUR'] as const),
  ...US_DOLLAR.split(' ').map((region) => [region, 'USD'] as const),
  ...OTHERS.split(/\s+/).map((pair) => pair.split(':') as [string, string]),
]);

/** The currency in everyday use in a region (ISO 3166-1 alpha-2), or null when not known. */
export function currencyOfRegion(region: string | null | undefined): string | null {
  const currency = BY_REGION.get((region ?? '').toUpperCase());
  return currency && isCurrency(currency) ? currency : null;
}

/** The region a language tag names ("en-BR" → "BR", "zh-Hant-TW" → "TW"), or null ("en", "es-419"). */
export function regionOfTag(tag: string): string | null {
  try {
    const region = new Intl.Locale(tag).region;
    return region && /^[A-Z]{2}$/.test(region) ? region : null;
  } catch {
    return null;
  }
}

/**
 * The currency a new group is offered: that of the first region the browser's language tags name
 * (`navigator.languages`, in the person's order), else the interface language's rule (BRL for
 * pt-BR, USD otherwise). The person sees it on the form and may pick another.
 */
export function suggestedGroupCurrency(browserTags: readonly string[], interfaceLanguage: string): string {
  for (const tag of browserTags) {
    const region = regionOfTag(tag);
    if (region) return currencyOfRegion(region) ?? defaultCurrency(interfaceLanguage);
  }
  return defaultCurrency(interfaceLanguage);
}
