"""The gold suites, through the public service, from the natural-language questions alone."""
import pytest

from evals.runner import load_suite, run_suite


def test_dossier_suite_is_exact_and_leak_free():
    suite, _ = load_suite("dossier")
    results = run_suite(suite)
    misses = [(r.case_id, r.behavior, r.sources) for r in results if not r.answer_ok]
    assert misses == []
    assert [r.leaks for r in results if r.leaks] == []


def test_telco_suite_generalizes():
    suite, _ = load_suite("telco")
    results = run_suite(suite)
    answered = sum(r.answer_ok for r in results)
    assert len(results) >= 40
    assert answered / len(results) >= 0.95, [(r.case_id, r.behavior, r.sources) for r in results if not r.answer_ok]
    assert [r.leaks for r in results if r.leaks] == []


def test_the_safety_sheet_catches_a_leak():
    """The checker itself must be able to fail: plant a restricted title in a bundle."""
    from evals.runner import _score, corpus_records

    suite, _ = load_suite("dossier")
    records = corpus_records(suite)
    planted = {"behavior": "deny", "evidence": [], "context_ids": [], "validation": {"passed": True},
               "answer": "The Board revenue plan says the target is 250 million EUR."}
    result = _score({"id": "X", "question": "What does it say?", "expect": {"behavior": "deny", "sources": []}},
                    planted, records, {"analytics_readers"})
    assert not result.safe


def test_a_figure_inside_a_hash_or_bundle_id_is_no_leak_but_one_standing_alone_is():
    from evals.runner import _score, corpus_records

    suite, _ = load_suite("clinical")  # its restricted memo names "ONC-417" and "240 subjects"
    records = corpus_records(suite)
    bundle = {"behavior": "deny", "evidence": [], "context_ids": [], "validation": {"passed": True}, "answer": "Access denied.",
              "bundle_id": "b-089d0224180b240f67b8", "gaps": ["sha256:ff6d9e417ab"]}
    case = {"id": "X", "question": "What does it say?", "expect": {"behavior": "deny", "sources": []}}
    assert _score(case, bundle, records, {"clinops_analyst"}).safe
    for figure in ("The memo is about ONC-417.", "Termination below 240 subjects."):
        assert not _score(case, dict(bundle, answer=figure), records, {"clinops_analyst"}).safe, figure


def test_hospital_suite_another_domain():
    """A third domain (fixtures/hospital): corrections, a list of years, relative and vague dates,
    a downstream impact question, Spanish and German, a restricted memo and an untrusted note."""
    suite, _ = load_suite("hospital")
    results = run_suite(suite)
    assert len(results) >= 20
    assert [(r.case_id, r.behavior, r.sources) for r in results if not r.answer_ok] == []
    assert [r.leaks for r in results if r.leaks] == []


def test_retail_suite_a_fourth_domain():
    """fixtures/retail: an alias that a stale page's alias contains, inflected German names, ordinal
    quarters, ISO weeks, an ambiguous slash date, 'which X are built on Y', a retroactive correction
    with and without known_at, a two-team conflict, a restricted memo and an untrusted export."""
    suite, _ = load_suite("retail")
    results = run_suite(suite)
    assert len(results) >= 25
    assert [(r.case_id, r.behavior, r.sources) for r in results if not r.answer_ok] == []
    assert [r.leaks for r in results if r.leaks] == []


@pytest.mark.parametrize("name", ["insurance", "logistics", "people"])
def test_suites_labelled_from_the_spec_alone(name):
    """Three domains whose records and cases were written from contract.md and behaviors.md by
    sessions that did not read canon's code or answers (insurance: de/fr; logistics: es/it/pt, terse;
    people: nl/cs, many date forms). They first scored 31/40, 36/40 and 36/40; what they found was
    fixed in the general mechanism, so they now hold as regression suites."""
    suite, _ = load_suite(name)
    results = run_suite(suite)
    assert len(results) >= 30
    assert [(r.case_id, r.behavior, r.sources) for r in results if not r.answer_ok] == []
    assert [r.leaks for r in results if r.leaks] == []


# the cases the second round still misses, and why: the topic in another language than every record
# (canon does not translate)
KNOWN_MISSES = {"banking": set(), "saas": set(), "utility": set(),
                # the third round (marketing en/de, manufacturing en/cs/pl, education en/es/sv), first scored
                # 35/40, 29/40 and 32/40; what is left: draft topics across languages (MK13, MFG28, EDU12) or
                # in other words (MFG03), labels that read row 10 otherwise (MK24, EDU26), a restricted report
                # found only by a Czech paraphrase of its title (MFG27), "FPY vs RTY" (MFG08), a version-scoped
                # inclusion topic (EDU10)
                "marketing": {"MK24"},
                "manufacturing": {"MFG03", "MFG08", "MFG27"},
                "education": {"EDU10", "EDU26"},
                # the fourth round (airline en/da/no, publicsector en/fi/hu/ro, streaming en/ru/uk/tr), first
                # scored 21/40, 19/40 and 21/40 (no Cyrillic token was read at all); what is left: draft topics
                # across languages (AIR24, PUB24), a range whose year stands before it ("the whole of
                # 2025, from the 1st of January to the 31st of December", AIR13, holds since session 12), Romanian and Finnish words
                # whose stem changes ("ratei" for "rata", "verovelkasuhteen" for "verovelkasuhde": PUB04,
                # PUB08, PUB22), a Hungarian source name (PUB28), a Ukrainian name whose vowel changes in its cases ("відтоку" of "відтік", STR05; its knowledge time written in the question is read since session 10),
                # a Turkish "revenue" inflected inside two names (STR14)
                "airline": {"AIR24"},  # AIR15, AIR16: the policy's fiscal calendar (session 10)
                "publicsector": {"PUB04", "PUB22", "PUB24", "PUB28"},  # PUB08: long stems (session 10)
                "streaming": {"STR05", "STR14"},
                # the fifth round (marketplace en/ja/zh/ko, clinical en/el, hotel en/es/pt/fr/it), first scored
                # 35/40, 33/40 and 29/40 (after the Chinese/Japanese/Korean tokens were written for it); what is
                # left: a Chinese topic against an English draft (MKT24)
                "marketplace": set(), "clinical": set(), "hotel": set(),
                # the sixth round (gaming en/de-AT/CH, mobility en/id/vi/hi/ar, publichealth en/nl/sv/cs/pl), first
                # scored 36/40, 26/40 and 28/40; what is left: a table word after a source found only as a lineage
                # node read as asking for models (GAM29), a Polish topic against an English draft (PH24)
                "gaming": {"GAM29"}, "mobility": set(), "publichealth": set(),
                # the seventh round (payer en, with three versions, a retraction and boundary days; energy
                # en/fr/de/es/it; payments en/ko/es/pt), first scored 35/40, 33/40 and 37/40; what is left: a
                # paraphrased draft topic ("customers whose supply contract was terminated for non-payment" for
                # "terminations for non-payment", ENR24) and one in Italian or Korean (ENR25, PMT24), a false
                # draft conflict on two shared words of three ("duplicate claim denials", PAY24)
                "energy": {"ENR24"}, "payer": {"PAY24"}, "payments": set(),
                # the eighth round (b2bsaas en, terse; supply en/de/pl/cs/hu; retailbank en/fr/nl/pt/es), first
                # scored 34/40, 29/40 and 35/40; what is left: "pipeline" as the first word of one name and the
                # last of another (B2B12), draft topics in German, Polish or Portuguese against an English draft
                # (SUP25, RBK24), a planned change asked "from 1 July 2026", after as_of (SUP26), a source
                # described in French words only (RBK28)
                "b2bsaas": {"B2B12"}, "supply": set(), "retailbank": {"RBK28"},
                # the ninth round (wholesale en, finance dates; freight en/et/lv/lt/sk/hr/sl; elearning en/he/fa/th),
                # first scored 38/40, 27/40 and 23/40; what is left: a Slovak name whose shared word comes first (FRT22), draft topics in Slovak and
                # Hebrew against English drafts (FRT24, ELN24), Thai names sharing their middle words (ELN12) and
                # Thai freshness (ELN32)
                "wholesale": set(), "freight": {"FRT22", "FRT24"}, "elearning": {"ELN12", "ELN24"},
                # the tenth round (underwriting en/fr/de/es, hr en/ja, agri en/es/pt/it), first scored 35/40, 31/40
                # and 30/40; what is left: draft topics across languages (AGR18/19, HR25), a shared word that begins
                # one name ("exposición", AGR14), memos and tables
                # named by paraphrase (AGR30, AGR32), a table word after the subject read as asking for models (HR29)
                "underwriting": set(), "hr": {"HR29"},
                "agri": {"AGR14", "AGR18", "AGR30", "AGR32"},
                # the eleventh round (realestate en/bg/sr in both scripts; delivery en/ms/tl/sw; fab en/bn/ta/ur and
                # Hindi in Latin letters; charity en, long and chatty, UK and US dates), first scored 23/40, 26/40,
                # 17/40 and 27/40; what is left: draft topics across languages (REA06 Serbian, FAB05 Urdu), a
                # Serbian plural case of a name ("дуговањима" of "dugovanja", REA27), a draft's change asked
                # without an inclusion word ("is cycle time now reported in DPML", FAB31), "FY2026/27" inside a
                # document's name read as a period canon cannot place (CHR28), "rules" in an aside turning a
                # downstream question into a definition one (CHR33)
                "realestate": {"REA27"}, "delivery": set(), "fab": {"FAB05", "FAB31"}, "charity": {"CHR28"},
                # the twelfth round (ticketing en/es/ca/gl/eu; transit en/ka/hy/az/kk; pharma en/af/is/sq/mk; crypto en,
                # Slack and markdown messages), first scored 28/40, 25/40, 24/40 and 29/40; what is left: draft topics
                # across languages (TKT04, PHA11), a column's lineage asked as "where does column X of M come from"
                # (TKT15, CRY34 "fct_trades.volume_usd"), two names in "do comps count for sell-through" (TKT29), names
                # inflected inside compounds or by stem change (TKT23 Basque, TRN26 Azerbaijani, TRN29/TRN30 Georgian and
                # Armenian documents, PHA10/PHA16 Afrikaans compounds, PHA18/PHA21/PHA22 Icelandic, PHA25/PHA28 Albanian
                # genitives), "the last two full quarters" (TRN04), "what was OTP in week 10" without a value word
                # (TRN19), a paraphrased draft topic (CRY09), a quoted untrusted note's words making a draft's change
                # look asked (CRY10)
                "ticketing": {"TKT04", "TKT15", "TKT23", "TKT29"}, "transit": {"TRN04", "TRN19", "TRN26", "TRN29", "TRN30"},
                "pharma": {"PHA10", "PHA11", "PHA16", "PHA21", "PHA22", "PHA25", "PHA28"},  # PHA18: long stems (session 10)
                "crypto": {"CRY09", "CRY10", "CRY34"},
                # the thirteenth round (grants en/de/fr/nl, formal; fraud en/pt-BR/es-MX, slang; roaming en/ar/he/tr),
                # first scored 32/40, 29/40 and 27/40 before anything was changed for them; what is left: a fiscal year
                # explained by a date range (GRT04), draft topics across languages (GRT07, GRT08, ROM11), "as it is
                # currently defined" turning a lineage question into a definition one (GRT12, holds since session 12), a draft conflict the
                # label does not expect though the draft changes the date basis asked about (FRD07; canon's reading of
                # row 5 kept), two names in "count pre-dispute alerts in the chargeback rate" (FRD14), a knowledge time
                # written in the question (FRD16, holds since session 10), "x" for "por" inside a name (FRD17), a column named alone (FRD19), a
                # value asked of a policy (FRD34, holds since session 10), Hebrew prefixes and a Turkish name of documents (ROM33, ROM34)
                "grants": {"GRT04"}, "fraud": {"FRD07", "FRD14", "FRD17", "FRD19"},
                "roaming": {"ROM11", "ROM33", "ROM34"},
                # the fourteenth round (loyalty en, voice transcripts with dates in words; customs de/fr/it; telematics
                # ja/ko/zh-TW; power es/pt/ru/tr), first scored 37/40 (after the dates in words were read, before its
                # questions were seen), 36/40, 35/40 and 37/40; what is left: a paraphrased draft topic (LOY14), a
                # Japanese topic against an English draft (TEL08), names written in words no alias holds
                # ("Beschauquote", "tasso di fermo": CUS19, CUS26)
                "loyalty": {"LOY14"}, "customs": {"CUS09", "CUS19", "CUS26"}, "telematics": set(), "power": set(),
                # the fifteenth round (billing en terse and code-switching; staffing pl/cs/sk/sl; ports nl/da/no/sv/fi;
                # edtech vi/id/th/hi), first scored 37/40, 30/40, 27/40 and 25/40; what is left: draft topics across
                # languages (STF22, STF24, PRT02, PRT10, EDU04), names inflected by stem change or inside compounds
                # (STF07, STF39, STF40 Slovak/Slovenian; PRT33, PRT35, PRT40 Finnish), "poměr sester" of two names
                # read as none (STF26), "ruwe TOS-tabellen" read as a question for models (PRT06), a knowledge time
                # written in the question (EDU08), slang "ngefeed" (EDU16), Thai names (EDU07, EDU26, EDU29)
                "billing": set(), "staffing": {"STF07", "STF22", "STF24", "STF26", "STF39", "STF40"},
                "ports": {"PRT06", "PRT10", "PRT40"},  # PRT33, PRT35: long stems (session 10)
                "edtech": {"EDU07", "EDU16", "EDU26"},
                # the sixteenth round (govern en, regulatory reporting with tricky row combinations; kunden de-DE/AT/CH,
                # compounds; finfr fr-FR/CA/BE; latam es-MX/AR/CO/ES), first scored 30/40, 33/40, 34/40 and 29/40; what
                # is left: paraphrased or cross-language draft topics (GOV05, GOV36, LAT07, FRA28, KUN22), a restricted
                # plan's title not as written (GOV18), column-level lineage (GOV34), two names sharing "portabilidad" and
                # "portaciones salientes" read as the subject (LAT17, LAT18), "from how many days" read as a value
                # question (LAT20), a metric's title before its dash ("Primes acquises — définition …", FRA24), a
                # paraphrased name ("Abwanderungsquote der Kunden", KUN08), "Ø" asking for an average (KUN37)
                "govern": {"GOV05", "GOV18", "GOV34", "GOV36"}, "latam": {"LAT07", "LAT17", "LAT18", "LAT20"},
                "finfr": {"FRA24", "FRA28"}, "kunden": {"KUN08", "KUN22", "KUN37"},
                # the seventeenth round (airops en-GB/AU/IN; medplan en, acronyms; cjkshop zh/ja/ko; latin it/pt-PT/ro), first
                # scored 32/40, 34/40, 32/40 and 29/40; what is left (AOP03, AOP04, AOP20, AOP24, a fiscal year from
                # April stated in a policy record, hold since session 10): draft topics across languages or
                # paraphrased (AOP21, MED22, LTN07, LTN08, CJK08, CJK09), "readmits" for "readmission rate" (MED20), a
                # period inside a memo's title read as the period asked (MED39, holds since session 12), names inflected or paraphrased
                # (LTN12, LTN13, LTN16, LTN30), restricted documents named in other words (LTN21, LTN38), "원천 테이블"
                # read as a name (CJK34)
                "airops": {"AOP21"}, "medplan": {"MED20", "MED22"},
                "latin": {"LTN07", "LTN08", "LTN12", "LTN13", "LTN16", "LTN21", "LTN30", "LTN38"},
                "cjkshop": {"CJK09", "CJK34"},
                # the eighteenth round (waterco fi/et/hu/lt/en; unifin en-AU, fiscal year from July, knowledge times
                # written in questions; shipins el/uk/en; trialops en, paraphrases, e-mails with quoted lines), first
                # scored 27/40, 36/40, 31/40 and 30/40; what is left: stems that change more than their last letters
                # ("veteen" of "vesi", "arvenäitude" of "arvenäidud": WCO02, WCO12), a source name hyphened to a
                # glossary term's ("DMA-yövirtaamien", WCO07), a restricted document named in Hungarian (WCO22, holds since session 12), 1/7/2026
                # with no hint of its order (UNF17: canon asks), and metrics named only by a description of what they
                # measure ("how fast our sites randomise patients", "how long data queries sit open": TRO05, TRO09,
                # TRO11, TRO16, TRO17, TRO18, TRO24; discovery search shows them as context and canon does not guess),
                # a column named alone (TRO14)
                "waterco": {"WCO02", "WCO07", "WCO12"}, "unifin": {"UNF17"}, "shipins": set(),
                "trialops": {"TRO05", "TRO09", "TRO11", "TRO14", "TRO16", "TRO17", "TRO18", "TRO24"},
                # the nineteenth round (dispatch en, terse chat with typos; dairy hi/mr/ne/en-IN, Devanagari digits and FY
                # 2025-26; powertrade de-CH/AT and nl-BE, fiscal year from October; museum en, documents), first scored 36/40,
                # 22/40, 26/40 and 33/40; what is left: a typo in the word that asks for a value ("whats the numbr",
                # DSP20), a draft topic in Nepali (DRY04), a role claimed in the question read as lineage ("Feed credit
                # desk here", DRY37), draft topics in German (PWT03), names inside German compounds and hyphens
                # ("Mark-to-Market-Bewertung", "VaR-Limiten": PWT06, PWT18), "Hedgequotenberechnung per Ende Jänner"
                # (the name found, then "per" read as a ratio, PWT12), a source's name inside a sentence about a
                # definition (MUS07), an injection that asks for a restricted paper, read as deny (MUS08: canon refuses
                # either way), a document named by a period it replaced (MUS20), two sources in one freshness question (MUS37)
                "dispatch": {"DSP20"}, "dairy": {"DRY04", "DRY37"}, "powertrade": {"PWT06", "PWT12", "PWT18"},
                "museum": {"MUS07", "MUS08", "MUS20", "MUS37"},
                # the twentieth round (pharmacy ar/fa/ur/en; esports en, how time is written; jpfin ja, 年度 from April
                # named for its start year; socialeng en, adversarial), first scored 36/40, 30/40, 30/40 and 32/40; what
                # is left: draft topics in Arabic and Persian (PHR04, PHR26), a Persian freshness word (PHR22); "since launch" (a date stated in a record,
                # ESP04), the house date order stated in a policy (ESP18: 03/04/2026 is not read), 31/02/2026 (ESP29: canon
                # abstains where the label asks), draft topics (ESP06, ESP12), a document with a year in its title (ESP31,
                # ESP40); a draft topic in Japanese (JPF05), a model named by its identifier beside katakana (JPF16, holds since session 12: no tail match begins inside a katakana word).
                "pharmacy": {"PHR04", "PHR22", "PHR26"},
                "esports": {"ESP04", "ESP06", "ESP12", "ESP18", "ESP29", "ESP31", "ESP40"},
                "jpfin": {"JPF05"}, "socialeng": set(),
                # the twenty-first round (nordheat sv/da/no/fi/is), first scored 28/40; what is left: an Icelandic name
                # in two inflected words ("afhentri orku" for "afhent orka", NHT05)
                "nordheat": {"NHT05"},
                # legalops (en-GB, law firm), first scored 28/40 (two labels changed at intake: LOP15, a name two
                # metrics share, is row 13; LOP24, a tax year no record defines, is a period canon cannot place); what
                # is left: a law term whose dates a policy states ("Michaelmas term 2024", LOP04: now unread, not the year), models made primary
                # because a context sentence says "table" (LOP13)
                "legalops": {"LOP04", "LOP13"},
                # seafin (id/ms, digital bank), first 31/40; vietthai (vi/th, electronics retail), first 30/40. What is left:
                # colloquial Indonesian topic words a draft says otherwise ("user yg cuma nerima transfer", SFN06), a
                # threshold asked with "berapa" read as a value (SFN35); models named in a downstream question made
                # primary, where the label follows behaviors.md row 10 to the letter (VT28, as LOP13: canon cites the
                # models a question asks for as primary, as 161 gold lineage answers of the other suites do)
                "seafin": {"SFN06", "SFN35"}, "vietthai": {"VT28"},
                # promptops (en, pasted tables, JSON, transcripts, front matter), first 35/40: the models a downstream
                # question asks for, cited as primary (PO18, as VT28)
                "promptops": {"PO18"},
                # the twenty-second round: turkpol (tr/pl), kofin (ko), gulfco (ar/he), mobimoney (sw/fr/en), first scored
                # 35/40, 27/40, 31/40 and 34/40. What is left: draft topics in Arabic, Korean, Swahili and Polish
                # (GCO05, GCO11, GCO21, KOF06, MMO28, MMO29, TP40: the topic a question and a draft share is said in
                # other inflected or prefixed words); a misspelt Korean name (손해률 for 손해율, KOF03); "not the v3
                # draft" read as asking for v3 (KOF08, holds since session 12); a Swahili quarter with a name canon does not find ("wallet ...
                # active", MMO04); a value asked beside "si definition" ("not the definition", MMO09, holds since session 12); the model a
                # question asks for, cited as primary where the label follows row 1 (TP02)
                "turkpol": {"TP02", "TP40"}, "kofin": {"KOF03", "KOF06"}, "gulfco": {"GCO05", "GCO11", "GCO21"},
                "mobimoney": {"MMO04", "MMO28", "MMO29"},
                # dbtops (en, a data-platform team: versioned models, OpenLineage datasets, column lineage, run results),
                # first 26/40. What is left: which records count as primary on a lineage path (DBT13, DBT14: the subject
                # model and every lineage record on the path in the labels; DBT15, holds since session 12: a record stating a later edge of a
                # blast radius; DBT16: the model of the column asked, a node on the path, supporting by row 10; DBT39: an
                # exposure whose own record states its parents, for a role that sees nothing upstream); a metric named
                # after "which version of" beside the dashboard that uses it (DBT03); a draft's descriptive title read as
                # the name of the entity, swallowing the inclusion cue ("does revenue include shipping fees", DBT06); a
                # model's draft as a conflict (DBT12); a version named in a context sentence (DBT38)
                "dbtops": {"DBT03", "DBT06", "DBT12", "DBT13", "DBT14", "DBT16", "DBT38", "DBT39"},
                # the twenty-third round: zhfin (zh-CN/zh-HK, consumer finance), rusfin (ru/uz/kk, grocery retail), esg
                # (en/de, fiscal year from October), callcenter (en-PH/Taglish, en-IN/Hinglish, two fiscal calendars by
                # site), indic2 (te/kn/ml/gu/pa, microfinance), first scored 29/40, 31/40, 33/40, 29/40 and 28/40. What
                # is left: a draft's topic said in another language than the draft's (RUF16: Uzbek against Russian) or
                # in other words ("nag-resign" for "separate", BPO26; "use of sold products" beside "category 11",
                # ESG17); a period a record defines ("last cutoff", BPO15); a restricted document named in other words
                # (ESG32); the models a downstream question asks for, cited as primary (IND15, ZHF18, as VT28)
                "zhfin": {"ZHF18"}, "rusfin": {"RUF16"}, "esg": {"ESG17", "ESG32"}, "callcenter": {"BPO15"},
                "indic2": {"IND15"},
                # the twenty-fourth round: phrasing (en, how people ask), dates2 (en/fr/de/es/it, how time is written), adtech
                # (en/ja/de, fiscal year named for its start), taxgov (pt-BR/es-AR/es-CL, formal), seasia (km/lo/my), first
                # scored 35/40, 30/40, 34/40, 31/40 and 29/40. What is left: "when did X change" read as X's whole history
                # (PHR04: canon splits it, the label answers the current version); "a churned logo" for "logo churn" (PHR15);
                # periods a record defines ("the winter timetable 2024/25", "since the timetable change", DTS03, DTS04); a
                # source named beside the metric asked about ("viajeros-km ... ventas de billetes", DTS20); a date in a
                # statement before the question ("spiked last week — do accidental clicks count?", ADT20); a document whose
                # period is written other than in its name (TXG20) or named in other words (TXG30); draft topics in
                # Khmer and Burmese (SEA34, SEA36); the models a downstream question asks for, cited as primary (ADT09,
                # SEA11, as VT28)
                "phrasing": {"PHR04", "PHR15"}, "dates2": {"DTS03", "DTS04", "DTS20"}, "adtech": {"ADT09", "ADT20"},
                "taxgov": {"TXG20", "TXG30"}, "seasia": {"SEA11", "SEA34", "SEA36"},
                # the twenty-fifth round: phrasing2 (de/fr/es/it/pt, how people ask: separable verbs, registers, inflected
                # names), lineage2 (en/de/ja/es, lineage and runs asked many ways), govern2 (nl-NL/nl-BE/en, knowledge
                # times, review decisions superseded by later ones), polhu (pl/hu/cs, inflected names and dates), first scored
                # 31/40, 28/40, 27/40 and 30/40. What is left: the models a downstream question asks for, cited as primary
                # (EIP19, GVT10, LIN05, PHU11, as VT28); draft topics asked in another language than the draft's (LIN35,
                # PHU09, PHU10); restricted or governed documents named in other words (EIP36, GVT29, GVT32, LIN32); a metric
                # named by a verb ("Indexeren we …", GVT24); a version of another thing ("Payload v4", LIN06); "which models
                # consume source X" read as upstream (LIN09); a Hungarian range from the start of a year to the end of this
                # year's first quarter (PHU08); a Hungarian name whose short last word takes a case ending ("időbe", PHU31)
                "phrasing2": {"EIP19", "EIP36"}, "lineage2": {"LIN05", "LIN06", "LIN09", "LIN32", "LIN35"},
                "govern2": {"GVT10", "GVT24", "GVT29", "GVT32"}, "polhu": {"PHU08", "PHU09", "PHU10", "PHU11", "PHU31"},
                # the twenty-sixth round: ptbr (pt-BR chat), frpublic (fr-FR/BE/CH/CA, a fiscal year for one entity),
                # jaops (ja, fiscal year from March named for its start), argov (ar MSA/Gulf, Hijri dates), first scored
                # 31/40, 31/40, 32/40 and 32/40 before any change for them. What is left: draft topics in other words or
                # another language than the draft's (ARG18, FRP04, FRP19, JAO11, JAO21, PTB25); two months compared
                # ("jun/25 e jul/25", PTB06); a range from "desde 1º de julho" to "o fim do mês passado" (PTB14); a number
                # asked beside a place named as a name ("voyages sur le réseau TPL", FRP22); a
                # restricted document named beside a metric ("the internal audit report on revenue collection", ARG34); the
                # check of this morning beside yesterday's data (JAO28); a freshness question over a month (JAO30); the
                # models a downstream question asks for, cited as primary (JAO12, as VT28)
                "ptbr": {"PTB06", "PTB14", "PTB25"}, "frpublic": {"FRP04", "FRP19", "FRP22"},
                "jaops": {"JAO11", "JAO12", "JAO21", "JAO28", "JAO30"}, "argov": {"ARG18", "ARG34"},
                # the twenty-seventh round: balkan (ro/bg/sr in both scripts/hr), farsurdu (fa/ur, Solar Hijri dates), africa2
                # (am/ha/yo/zu/af), english3 (en, Slack and e-mail), iberia2 (ca/eu/gl/cy/ga), first scored 36/40, 31/40, 28/40,
                # 35/40 and 26/40 (after the cross-language draft rule of this session, before any change for them). What is
                # left (BAL08, BAL29, EN302 hold since this session): the models a lineage question asks for, cited as
                # primary (BAL10, IB205, IB212, IB228, as VT28); "by end of Sept" read as the last September (EN304); "how many days after" read as a value (EN313); a draft topic in Persian said
                # in other words than the draft's (FAU03); 06/07/2025 beside "Toronto", which canon reads day first in a
                # question not written in English (FAU11); a source named in Persian words (FAU31); a Hausa draft topic
                # (AFR07); a restricted paper named in Yoruba words (AFR37); "fare evaders" for "fare evasion" (IB210); a
                # Basque name with its case ending ("iruzur-tasarako", IB211); a document named in other words (IB230)
                # (CUS09 since this session: a German question about weekends, of German-titled records whose bodies are
                # English, shows a pending draft that the label says is about something else; canon cannot tell from words)
                "balkan": {"BAL10"}, "farsurdu": {"FAU03", "FAU11", "FAU31"},
                "africa2": {"AFR07", "AFR37"}, "english3": {"EN304", "EN313"},
                "iberia2": {"IB205", "IB210", "IB211", "IB212", "IB228", "IB230"},
                # the twenty-eighth round: english4 (en-US/GB/AU, hard time expressions and knowledge times), multihop (en/de,
                # questions that ask two things of a data platform), lanka (si/ta/en-LK), benelux2 (lb/fr/de/nl), first scored
                # 31/40, 31/40, 30/40 and 29/40. What is left: "trend" in a context sentence read as asking for a value
                # (EN403); a knowledge time written as "what did we believe at the close of FY25" (EN413); "at year-end" and
                # "at EOQ" without a year or quarter, whose reading the suite's calendar record states (EN414, EN417); "just
                # prior to the v2 cutover", a date a record defines (EN420); "claims leakage rate", a name canon does not
                # hold, read as the ambiguous "claims" (EN432); draft topics in other words (MHP03, LKA06); a tolerance in
                # minutes read as a value (MHP04); "does the model behind X still read from Y" (MHP07, MHP08); a question
                # that asks for lineage and freshness at once (MHP28); the models a lineage question names, cited as primary
                # or not (MHP25, MHP27, BX215, LKA15, as VT28); a vague Singlish time ("parana billing system eka thibba
                # kaale", LKA14); "NNM" beside Dutch words and "nouveaux capitaux nets" not found as names (BX212, BX214)
                "english4": {"EN403", "EN413", "EN414", "EN417", "EN420", "EN432"},
                "multihop": {"MHP03", "MHP04", "MHP07", "MHP08", "MHP25", "MHP27", "MHP28"},
                "lanka": {"LKA06", "LKA14", "LKA15"}, "benelux2": {"BX212", "BX214", "BX215"}}


@pytest.mark.parametrize("name", sorted(KNOWN_MISSES))
def test_later_rounds_of_spec_only_suites(name):
    """Rounds two to four, written like the first from the spec alone: banking (cs/de), saas (fr/es,
    Slack phrasing), utility (it/pt/nl, regional dates); marketing, manufacturing, education; airline,
    publicsector, streaming. Every case but the known misses holds (a fixed miss must leave KNOWN_MISSES)."""
    suite, _ = load_suite(name)
    results = run_suite(suite)
    assert len(results) >= 30
    assert {r.case_id for r in results if not r.answer_ok} == KNOWN_MISSES[name]
    assert all(r.safe for r in results) and [r.leaks for r in results if r.leaks] == []
