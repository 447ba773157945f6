"""Dates and periods as people write them, resolved against an explicit `as_of`.

`find_time(text, as_of)` returns the reporting date or period a question names, and the
character spans it consumed (so the rest of understanding can ignore them). It is two steps:
`scan_time(text)` finds the expressions (it depends on the text alone, so a service scans a
question once) and `place_time(scan, as_of)` gives them their values on a date. Nothing here
reads the clock.
"""
from __future__ import annotations

import calendar
import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache
from datetime import date, timedelta
from typing import Optional

from resolver.text import CJK, CJK_CHAR, EAST_ASIAN, fold, question_sentence


@dataclass(frozen=True)
class Period:
    start: date
    end: date
    label: str
    # a fiscal period, placed here on the calendar year until a fiscal calendar places it
    # (resolver.fiscal.place): ("year"|"half"|"quarter", fiscal year, part), ("relative", years
    # from the current one, 0), ("span", first calendar year, 0) for FY2024/25, ("span_quarter" |
    # "span_half", first calendar year, part) for Q1 FY 2026-27
    fiscal: Optional[tuple[str, int, int]] = field(default=None, compare=False)

    def as_dict(self) -> dict:
        return {"start": self.start.isoformat(), "end": self.end.isoformat(), "label": self.label}


@dataclass
class TimeFinding:
    reporting_date: Optional[date] = None
    period: Optional[Period] = None
    spans: list[tuple[int, int]] = field(default_factory=list)
    explicit: bool = False  # the question named a date or period itself
    # date-like text the finding does not stand for: digits no pattern reads (31/02/2025, 6/30/25)
    # and dates or periods beyond the one used ("on 2025-06-30 and 2025-12-31"); the resolver
    # abstains rather than answer for a date the question did not mean
    unread: list[str] = field(default_factory=list)
    # the day the question asks the catalog to be read as it stood on ("what did the catalog say on
    # 2026-02-01 about ...", "as it stood on 10/4/2026"): a knowledge time, not a reporting date
    known_on: Optional[date] = None


_MONTHS = {
    "january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3, "april": 4, "apr": 4,
    "may": 5, "june": 6, "jun": 6, "july": 7, "jul": 7, "august": 8, "aug": 8,
    "september": 9, "sept": 9, "sep": 9, "october": 10, "oct": 10, "november": 11, "nov": 11,
    "december": 12, "dec": 12,
    # Czech, accents folded: nominative and genitive forms
    "leden": 1, "ledna": 1, "lednu": 1, "unor": 2, "unora": 2, "unoru": 2, "brezen": 3, "brezna": 3, "breznu": 3,
    "duben": 4, "dubna": 4, "dubnu": 4, "kveten": 5, "kvetna": 5, "kvetnu": 5,
    "cervenec": 7, "cervence": 7, "cervenci": 7, "cerven": 6, "cervna": 6, "cervnu": 6,
    "srpen": 8, "srpna": 8, "srpnu": 8, "zari": 9, "rijen": 10, "rijna": 10, "rijnu": 10,
    "listopad": 11, "listopadu": 11, "prosinec": 12, "prosince": 12, "prosinci": 12,
    # German, Dutch, French, Spanish, Italian, Portuguese (accents folded; forms that are common
    # words in another language left out: Portuguese "marco")
    "januar": 1, "janner": 1, "februar": 2, "marz": 3, "mai": 5, "juni": 6, "juli": 7, "oktober": 10, "dezember": 12,
    "januari": 1, "februari": 2, "maart": 3, "mei": 5, "augustus": 8,
    "janvier": 1, "fevrier": 2, "mars": 3, "avril": 4, "juin": 6, "juillet": 7, "aout": 8, "septembre": 9,
    "octobre": 10, "novembre": 11, "decembre": 12,
    "enero": 1, "febrero": 2, "marzo": 3, "abril": 4, "mayo": 5, "junio": 6, "julio": 7, "agosto": 8,
    "septiembre": 9, "setiembre": 9, "octubre": 10, "noviembre": 11, "diciembre": 12,
    "gennaio": 1, "febbraio": 2, "aprile": 4, "maggio": 5, "giugno": 6, "luglio": 7, "settembre": 9,
    "ottobre": 10, "dicembre": 12,
    "janeiro": 1, "fevereiro": 2, "maio": 5, "junho": 6, "julho": 7, "setembro": 9, "outubro": 10,
    "novembro": 11, "dezembro": 12,
    # Polish (nominative and genitive) and Swedish
    "styczen": 1, "stycznia": 1, "luty": 2, "lutego": 2, "marzec": 3, "marca": 3, "kwiecien": 4, "kwietnia": 4,
    "maja": 5, "czerwiec": 6, "czerwca": 6, "lipiec": 7, "lipca": 7, "sierpien": 8, "sierpnia": 8,
    "wrzesien": 9, "wrzesnia": 9, "pazdziernik": 10, "pazdziernika": 10, "listopada": 11, "grudzien": 12, "grudnia": 12,
    "augusti": 8,
    # Danish and Norwegian (the rest as German or English), Swedish "maj"
    "marts": 3, "maj": 5, "desember": 12,
    # Hungarian, Romanian
    "marcius": 3, "aprilis": 4, "majus": 5, "junius": 6, "julius": 7, "augusztus": 8, "szeptember": 9,
    "ianuarie": 1, "februarie": 2, "martie": 3, "aprilie": 4, "iunie": 6, "iulie": 7, "septembrie": 9,
    "octombrie": 10, "noiembrie": 11, "decembrie": 12,
    # Turkish (dotless i folded)
    "ocak": 1, "subat": 2, "mart": 3, "nisan": 4, "mayis": 5, "haziran": 6, "temmuz": 7, "agustos": 8, "eylul": 9,
    "ekim": 10, "kasim": 11, "aralik": 12,
    # Finnish: nominative, partitive (in dates: "30. kesäkuuta"), genitive and inessive
    **{stem + ending: n for n, stem in enumerate(("tammikuu", "helmikuu", "maaliskuu", "huhtikuu", "toukokuu", "kesakuu",
                                                  "heinakuu", "elokuu", "syyskuu", "lokakuu", "marraskuu", "joulukuu"), 1)
       for ending in ("", "ta", "n", "ssa")},
    # Estonian (with the case endings dates take: "1. aprillil", "septembris"), Latvian, Lithuanian, Slovak,
    # Croatian (its "listopad" is October, the Czech and Polish November: left out), Slovenian
    **{stem + ending: n for n, stem in enumerate(("jaanuar", "veebruar", "marts", "aprill", "mai", "juuni", "juuli", "august",
                                                  "september", "oktoober", "november", "detsember"), 1)
       for ending in ("", "il", "l", "is", "s", "ist", "i")},
    **{form: n for n, forms in enumerate((
        "janvaris janvara janvari sausis sausio januar januara januarja sijecanj sijecnja sijecnju",
        "februaris februara februari vasaris vasario februar februara februarja veljaca veljace veljaci",
        "martu marta marec marca kovas kovo ozujak ozujka ozujku",
        "aprilis aprila aprili balandis balandzio april aprila travanj travnja travnju",
        "maijs maija geguze geguzes maj maja svibanj svibnja svibnju",
        "junijs junija birzelis birzelio jun juna junij lipanj lipnja lipnju",
        "julijs julija liepa liepos jul jula julij srpanj srpnja srpnju",
        "augusts augusta rugpjutis rugpjucio avgust avgusta kolovoz kolovoza kolovozu",
        "septembris septembra septembri rugsejis rugsejo rujan rujna rujnu",
        "oktobris oktobra oktobri spalis spalio",
        "novembris novembra novembri lapkritis lapkricio studeni studenoga studenog studenom",
        "decembris decembra decembri gruodis gruodzio prosinac prosinca prosincu"), 1)
       for form in forms.split()},
    # Persian, Hebrew (also with the prefix ב-, "in": "באפריל") and Thai, folded as questions are
    **{fold(form): n for n, forms in enumerate((
        "ژانویه ינואר בינואר มกราคม", "فوریه פברואר בפברואר กุมภาพันธ์", "מרץ במרץ มีนาคม",
        "آوریل אפריל באפריל เมษายน", "מאי במאי พฤษภาคม", "ژوئن יוני ביוני มิถุนายน",
        "ژوئیه יולי ביולי กรกฎาคม", "اوت אוגוסט באוגוסט สิงหาคม", "سپتامبر ספטמבר בספטמבר กันยายน",
        "اکتبر אוקטובר באוקטובר ตุลาคม", "نوامبر נובמבר בנובמבר พฤศจิกายน", "دسامبر דצמבר בדצמבר ธันวาคม"), 1)
       for form in forms.split()},
    # Thai abbreviations ("31 มี.ค. 2568")
    **{fold(form): n for n, form in enumerate("ม.ค. ก.พ. มี.ค. เม.ย. พ.ค. มิ.ย. ก.ค. ส.ค. ก.ย. ต.ค. พ.ย. ธ.ค.".split(), 1)},
    # Indonesian/Malay (the rest as Dutch or English)
    "maret": 3, "agustus": 8, "nopember": 11, "mac": 3, "julai": 7, "ogos": 8, "disember": 12,
    # Tagalog (the rest as Spanish), Swahili (the rest as Malay, Dutch or English), Serbian
    "pebrero": 2, "marso": 3, "hunyo": 6, "hulyo": 7, "setyembre": 9, "oktubre": 10, "nobyembre": 11, "disyembre": 12,
    "machi": 3, "agosti": 8, "septemba": 9, "oktoba": 10, "novemba": 11, "desemba": 12,
    "septembar": 9, "oktobar": 10, "novembar": 11, "decembar": 12,
    # French abbreviations ("1er juil. 2025")
    "janv": 1, "fevr": 2, "avr": 4, "juil": 7,
    # Galician and Catalan (the rest as Spanish or Portuguese)
    "xaneiro": 1, "febreiro": 2, "xuno": 6, "xullo": 7, "decembro": 12,
    "gener": 1, "febrer": 2, "marc": 3, "maig": 5, "juny": 6, "juliol": 7, "agost": 8, "setembre": 9, "octubre": 10,
    "desembre": 12,
    # Afrikaans, Icelandic, Albanian, Azerbaijani (the rest as Dutch, English or German)
    "januarie": 1, "februarie": 2, "maart": 3, "junie": 6, "julie": 7, "augustus": 8, "desember": 12,
    "mars": 3, "mai": 5, "juni": 6, "juli": 7, "agust": 8,
    "janar": 1, "shkurt": 2, "prill": 4, "qershor": 6, "korrik": 7, "gusht": 8, "shtator": 9, "tetor": 10, "nentor": 11,
    "dhjetor": 12, "yanvar": 1, "fevral": 2, "aprel": 4, "iyun": 6, "iyul": 7, "avqust": 8, "sentyabr": 9, "oktyabr": 10,
    "noyabr": 11, "dekabr": 12, "sentabr": 9,
    # Georgian (and its dative: "1 იანვარს"), Armenian (and genitive), Kazakh (and dative), Macedonian
    **{fold(form): n for n, forms in enumerate((
        "იანვარი იანვარს ჰունვარ հունվար հունվարի қаңтар қаңтарға јануари",
        "თებერვალი თებერვალს փետրվար փետրվարի ақпан ақпанға февруари", "მარტი მარტს մարտ մարտի наурыз наурызға",
        "აპრილი აპრილს ապրիլ ապրիլի сәуір сәуірге", "მაისი მაისს մայիս մայիսի мамыр мамырға",
        "ივნისი ივნისს հունիս հունիսի маусым маусымға јуни", "ივლისი ივლისს հուլիս հուլիսի шілде шілдеге јули",
        "აგვისტო აგვისტოს օգոստոս օգոստոսի тамыз тамызға",
        "სექტემბერი სექტემბერს սեպտեմբեր սեպտեմբերի қыркүйек қыркүйекке", "ოქტომბერი ოქტომბერს հոկտեմբեր հոկտեմբերի қазан қазанға",
        "ნოემბერი ნოემბერს նոյեմբեր նոյեմբերի қараша қарашаға", "დეკემბერი დეკემბერს դեկտեմբեր դեկտեմբերի желтоқсан желтоқсанға"), 1)
       for form in forms.split()},
    # Basque, with its genitive ("azaroaren 8"), inessive ("azaroan") and local genitive ("2024ko abuztuko") forms
    **{form: n for n, base in enumerate(("urtarrila", "otsaila", "martxoa", "apirila", "maiatza", "ekaina", "uztaila",
                                         "abuztua", "iraila", "urria", "azaroa", "abendua"), 1)
       for form in (base, base + "ren", base[:-1] + "an", base[:-1] + "ean",
                    base[:-1] + ("ko" if base[-2] in "aeiou" else "eko"))},  # ... and its "of" form ("abuztuko", "ekaineko")
    # Welsh (and its soft mutations after "o", "ym": "o Fehefin") and Irish; Welsh "medi" (September) left out: an
    # Italian plural ("prezzi medi")
    **{form: n for n, forms in enumerate((
        "ionawr eanair", "chwefror feabhra", "mawrth marta", "ebrill aibrean", "bealtaine", "mehefin fehefin meitheamh",
        "gorffennaf orffennaf iuil", "awst lunasa", "", "hydref", "tachwedd samhain", "rhagfyr nollaig"), 1)
       for form in forms.split()},
    # Sinhala
    **{fold(form): n for n, form in enumerate(("ජනවාරි", "පෙබරවාරි", "මාර්තු", "අප්‍රේල්", "මැයි", "ජූනි", "ජූලි", "අගෝස්තු",
                                               "සැප්තැම්බර්", "ඔක්තෝබර්", "නොවැම්බර්", "දෙසැම්බර්"), 1)},
    # Hausa, isiZulu, Amharic (the Gregorian months as they write them)
    **{fold(form): n for n, forms in enumerate((
        "janairu januwari ጃንዋሪ", "fabrairu februwari ፌብሩዋሪ", "maris mashi ማርች", "afrilu ephreli apreli ኤፕሪል",
        "mayu meyi ሜይ", "yuni ጁን", "yuli julayi ጁላይ", "agusta agasti ኦገስት", "satumba septemba ሴፕቴምበር",
        "oktoba okthoba ኦክቶበር", "nuwamba novemba ኖቬምበር", "disamba disemba ዲሴምበር"), 1)
       for form in forms.split()},
    # Bulgarian and Serbian Cyrillic (й folded to и), Urdu, Bengali, Tamil: folded as questions are
    **{fold(form): n for n, forms in enumerate((
        "януари јануар јануара جنوری জানুয়ারি ஜனவரி", "февруари фебруар фебруара فروری ফেব্রুয়ারি பிப்ரவரி",
        "март марта مارچ মার্চ மார்ச்", "април априла اپریل এপ্রিল ஏப்ரல்", "май мај маја مئی মে மே",
        "юни јун јуна جون জুন ஜூன்", "юли јул јула جولائی জুলাই ஜூலை", "август августа اگست আগস্ট ஆகஸ்ட்",
        "септември септембар септембра ستمبر সেপ্টেম্বর செப்டம்பர்", "октомври октобар октобра اکتوبر অক্টোবর அக்டோபர்",
        "ноември новембар новембра نومبر নভেম্বর நவம்பர்", "декември децембар децембра دسمبر ডিসেম্বর டிசம்பர்"), 1)
       for form in forms.split()},
    # Telugu, Kannada, Malayalam, Gujarati, Punjabi (Gurmukhi): folded as questions are
    **{fold(form): n for n, forms in enumerate((
        "జనవరి ಜನವರಿ ജനുവരി જાન્યુઆરી ਜਨਵਰੀ", "ఫిబ్రవరి ಫೆಬ್ರವರಿ ഫെബ്രുവരി ફેબ્રુઆરી ਫ਼ਰਵਰੀ ਫਰਵਰੀ",
        "మార్చి మార్చ్ ಮಾರ್ಚ್ ಮಾರ್ಚಿ മാർച്ച് માર્ચ ਮਾਰਚ", "ఏప్రిల్ ಏಪ್ರಿಲ್ ഏപ്രിൽ એપ્રિલ ਅਪ੍ਰੈਲ ਅਪਰੈਲ",
        "మే ಮೇ മേയ് മെയ് મે ਮਈ", "జూన్ ಜೂನ್ ജൂൺ જૂન ਜੂਨ", "జూలై జులై ಜುಲೈ ജൂലൈ જુલાઈ ਜੁਲਾਈ",
        "ఆగస్టు ఆగస్ట్ ಆಗಸ್ಟ್ ഓഗസ്റ്റ് ആഗസ്റ്റ് ઓગસ્ટ ਅਗਸਤ", "సెప్టెంబర్ సెప్టెంబరు ಸೆಪ್ಟೆಂಬರ್ സെപ്റ്റംബർ સપ્ટેમ્બર ਸਤੰਬਰ",
        "అక్టోబర్ అక్టోబరు ಅಕ್ಟೋಬರ್ ഒക്ടോബർ ઓક્ટોબર ਅਕਤੂਬਰ", "నవంబర్ నవంబరు ನವೆಂಬರ್ നവംബർ નવેમ્બર ਨਵੰਬਰ",
        "డిసెంబర్ డిసెంబరు ಡಿಸೆಂಬರ್ ഡിസംബർ ડિસેમ્બર ਦਸੰਬਰ"), 1)
       for form in forms.split()},
    # Khmer, Lao, Burmese (folded as questions are)
    **{fold(form): n for n, forms in enumerate((
        "មករា ມັງກອນ ဇန်နဝါရီ", "កុម្ភៈ កុម្ភះ ກຸມພາ ဖေဖော်ဝါရီ", "មីនា ມີນາ မတ်", "មេសា ເມສາ ဧပြီ", "ឧសភា ພຶດສະພາ မေ",
        "មិថុនា ມິຖຸນາ ဇွန်", "កក្កដា ກໍລະກົດ ဇူလိုင်", "សីហា ສິງຫາ ဩဂုတ် ဩဂုတ်", "កញ្ញា ກັນຍາ စက်တင်ဘာ",
        "តុលា ຕຸລາ အောက်တိုဘာ", "វិច្ឆិកា ພະຈິກ နိုဝင်ဘာ", "ធ្នូ ທັນວາ ဒီဇင်ဘာ"), 1)
       for form in forms.split()},
    # Arabic (hamza folded away: أبريل -> ابريل) and Hindi
    "يناير": 1, "فبراير": 2, "مارس": 3, "ابريل": 4, "مايو": 5, "يونيو": 6, "يوليو": 7, "اغسطس": 8, "سبتمبر": 9,
    "اكتوبر": 10, "نوفمبر": 11, "ديسمبر": 12,
    # (Hindi folded as questions are: a virama dropped, "अक्टूबर" is "अकटूबर")
    **{fold(name): n for name, n in (("जनवरी", 1), ("फरवरी", 2), ("मार्च", 3), ("अप्रैल", 4), ("मई", 5), ("जून", 6),
                                     ("जुलाई", 7), ("अगस्त", 8), ("सितंबर", 9), ("सितम्बर", 9), ("अक्टूबर", 10),
                                     ("अक्तूबर", 10), ("नवंबर", 11), ("नवम्बर", 11), ("दिसंबर", 12), ("दिसम्बर", 12),
                                     # Marathi, Nepali
                                     ("जानेवारी", 1), ("फेब्रुवारी", 2), ("एप्रिल", 4), ("मे", 5), ("जुलै", 7), ("ऑगस्ट", 8),
                                     ("सप्टेंबर", 9), ("ऑक्टोबर", 10), ("नोव्हेंबर", 11), ("डिसेंबर", 12),
                                     ("फेब्रुअरी", 2), ("अप्रिल", 4), ("जुन", 6), ("अगस्ट", 8), ("सेप्टेम्बर", 9),
                                     ("अक्टोबर", 10), ("नोभेम्बर", 11), ("डिसेम्बर", 12))},
    # Greek (accents stripped, final sigma as σ): genitive ("30 Ιουνίου 2025") and nominative
    **{form: n for n, forms in enumerate((
        "ιανουαριου ιανουαριοσ", "φεβρουαριου φεβρουαριοσ", "μαρτιου μαρτιοσ", "απριλιου απριλιοσ", "μαιου μαιοσ",
        "ιουνιου ιουνιοσ", "ιουλιου ιουλιοσ", "αυγουστου αυγουστοσ", "σεπτεμβριου σεπτεμβριοσ", "οκτωβριου οκτωβριοσ",
        "νοεμβριου νοεμβριοσ", "δεκεμβριου δεκεμβριοσ"), 1) for form in forms.split()},
    # Russian and Ukrainian (й folded to и): nominative, genitive ("30 июня"), locative ("в июне")
    **{form: n for n, forms in enumerate((
        "январь января январе січень січня січні", "февраль февраля феврале лютии лютого лютому",
        "март марта марте березень березня березні", "апрель апреля апреле квітень квітня квітні",
        "маи мая мае травень травня травні", "июнь июня июне червень червня червні",
        "июль июля июле липень липня липні", "август августа августе серпень серпня серпні",
        "сентябрь сентября сентябре вересень вересня вересні", "октябрь октября октябре жовтень жовтня жовтні",
        "ноябрь ноября ноябре листопад листопада листопаді", "декабрь декабря декабре грудень грудня грудні"), 1)
       for form in forms.split()},
}
def _trie(words) -> str:
    """One regex for a list of words, as a trie ("mar(?:ts|zo)?"): Python's re tries the
    alternatives of a plain "a|b|c" one by one at every position, which several hundred month names
    in twenty-odd languages make the slowest part of reading a question."""
    root: dict = {}
    for word in words:
        node = root
        for ch in word:
            node = node.setdefault(ch, {})
        node[""] = {}

    def build(node: dict) -> str:
        branches = [re.escape(ch) + build(child) for ch, child in sorted(node.items()) if ch]
        if not branches:
            return ""
        inner = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        return f"(?:{inner})?" if "" in node else inner

    return build(root)


def _script_of(word: str) -> str:
    """The script of a word's first letter beyond ASCII, by its Unicode name ("SINHALA", "CYRILLIC", "ARABIC")."""
    return next((unicodedata.name(ch, "?").split()[0] for ch in word if ch >= "\x80"), "LATIN")


def _scripts_of(folded: str) -> frozenset:
    """The scripts a folded question's letters beyond ASCII are written in."""
    return frozenset(unicodedata.name(ch, "?").split()[0] for ch in set(folded) if ch >= "\x80" and ch.isalpha())


_MONTH_RE = _trie(_MONTHS)
_MONTH_RE_ASCII = _trie({name: n for name, n in _MONTHS.items() if name.isascii()})
# counts and units of "N units ago" in the languages read (en; de, es, fr, pt, it, cs to six; ro to ten)
_COUNTS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
           "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
           "einem": 1, "einer": 1, "zwei": 2, "drei": 3, "un": 1, "una": 1, "dos": 2, "tres": 3, "une": 1, "deux": 2,
           "trois": 3, "um": 1, "uma": 1, "dois": 2, "duas": 2, "due": 2, "tre": 3,
           "dvema": 2, "tremi": 3, "ctyrmi": 4, "peti": 5, "sesti": 6,
           "o": 1, "doi": 2, "doua": 2, "trei": 3, "patru": 4, "cinci": 5, "sase": 6, "sapte": 7, "opt": 8, "noua": 9, "zece": 10}
_COUNT_RE = _trie(_COUNTS)
_UNITS = {**{w: "day" for w in "tag tagen dia dias jour jours giorno giorni zi zile".split()},
          **{w: "week" for w in "woche wochen semana semanas semaine semaines settimana settimane saptamana saptamani".split()},
          **{w: "month" for w in "monat monaten mes meses mois mese mesi luna luni".split()},
          **{w: "year" for w in "jahr jahren ano anos an ans annee annees anno anni ani".split()}}
_UNIT_RE = _trie(_UNITS)
# Czech after "pred", in the instrumental: a unit alone is one of it ("pred rokem")
_CS_UNITS = {"rokem": "year", "lety": "year", "mesicem": "month", "mesici": "month", "tydnem": "week", "tydny": "week",
             "dnem": "day", "dny": "day"}


def _count(word: Optional[str]) -> int:
    """A count written in digits or words; none written is one."""
    if not word:
        return 1
    return int(word) if word.isdigit() else _COUNTS[word]


_Y = r"((?:19|20)\d{2})"
# a fiscal year's name (folded), in the languages canon reads: "fiscal year 2025", "Geschäftsjahr 2025"
_FISCAL_YEAR_WORDS = (r"fiscal\s+year|financial\s+year|fiscal|gesch(?:ae|a)ftsjahr(?:es)?|gj|exercice(?:\s+fiscal)?|"
                      # Indonesian, Malay (TF, TK), Vietnamese
                      r"tahun\s+fiskal|tahun\s+kewangan|tahun\s+buku|tf|tk|nam\s+tai\s+chinh|nam\s+tai\s+khoa|"
                      r"ejercicio(?:\s+fiscal)?|esercizio(?:\s+fiscale)?|ano\s+fiscal|exercicio(?:\s+fiscal)?|boekjaar|"
                      r"regnskapsar(?:et)?|regnskabsar(?:et)?|rakenskapsar(?:et)?|tilikau(?:si|den|della|della)|"
                      r"rok(?:u)?\s+obrotow\w*|hospodarsk\w*\s+rok\w*|fiskaln\w*\s+rok\w*|"
                      r"фінансов\w*\s+(?:рік|року|році)|финансов\w*\s+(?:год|года|году)|οικονομικ\w*\s+(?:ετοσ|ετουσ|χρησ\w*)|"
                      # Tamil and Sinhala, folded as questions are
                      + fold("நிதியாண்டு") + "|" + fold("நிதி ஆண்டு") + "|" + fold("මූල්‍ය වර්ෂය") + "|" + fold("මුදල් වර්ෂය"))
# "last financial year", "this fiscal year", "letztes Geschäftsjahr", "l'exercice précédent"
_FISCAL_RELATIVE = (r"(?:(?P<last>last|previous|prior|letzte[snm]?|vorige[snm]?|vorig|forrige|forra|edellinen|edellisella|"
                    r"poprzedni\w*|minul\w*)|(?P<next>next|coming|nachste[snm]?|volgend|neste|nasta|seuraava\w*|"
                    r"przyszl\w*|pristi\w*)|this|current|laufende[snm]?|aktuelle[snm]?|diese[snm]?|huidig|dit|"
                    r"innevaerende|dette|innevarande|kuluva\w*|biezac\w*|letosni\w*)\s+(?:fiscal\s+year|financial\s+year|"
                    r"gesch(?:ae|a)ftsjahr\w*|boekjaar|regnskapsar\w*|regnskabsar\w*|rakenskapsar\w*|tilikau\w*|"
                    r"rok\w*\s+obrotow\w*|hospodarsk\w*\s+rok\w*)\b"
                    r"|\bexercice\s+(?:(?P<last2>precedent|dernier|anterieur)|(?P<next2>prochain|suivant)|en\s+cours|courant|actuel)\b"
                    r"|\bejercicio\s+(?:fiscal\s+)?(?:(?P<last3>anterior|pasado)|(?P<next3>proximo|siguiente)|actual|en\s+curso)\b")
_SLASH_DATE = r"\b(\d{1,2})([/-])(\d{1,2})\2((?:19|20)\d{2})\b"  # 30/06/2025, 06-30-2025 (read by _slash_date)
_YY = r"['\u2019]\s*(\d{2})\b"  # a two-digit year after an apostrophe: Q4'25, FY'26
_YORUBA_MONTHS = {w: n for n, w in enumerate(("kinni", "keji", "keta", "kerin", "karun-un", "kefa", "keje", "kejo", "kesan-an", "kewaa",
                                                "kokanla", "kejila"), 1)} | {"karun": 5, "kesan": 9, "kewa": 10}
_OF = r"(?:of\s+|de\s+|del\s+|ga\s+)?"  # "30th of June", "30 de junio de 2025", Hausa "30 ga Yuni, 2025"
_ORD = r"(?:st|nd|rd|th|er|re|º|°|o(?!\w)|a(?!\w))?"  # 1st; French 1er; Spanish/Italian/Portuguese 1º, 1°, 1ª (folded: 1o, 1a)

# ... in English, Czech, and (accents folded) fr/es/it/pt, de, nl: "fin du", "a fine", "Ende", "einde van"
_EDGE_OF = r"(?:of\s+|de\s+l[ae]\s+|del\s+|de\s+|di\s+|du\s+|do\s+|da\s+|des\s+|van\s+(?:het\s+)?|von\s+|vom\s+|av\s+|af\s+|του\s+|τησ\s+|nam\s+|tahun\s+)?"
_EDGE_START = (r"(?:start|beginning|begin|first\s+day|zacatek|zacatku|pocatek|debut|inicio|principio|inizio|anfang|starten|begynnelsen|"
               r"begyndelsen|inceputul|начало|начала|початок|початку|на\s+початку|в\s+начале|αρχη|αρχεσ|awal|dau)\s+"
               + _EDGE_OF + r"(?:the\s+)?")
_EDGE_END = (r"(?:end|enn|close|last\s+day|konec|konci|ke\s+konci|eoy|eoq|eom|fin|fine|fim|final|ende|einde|eind|utgangen|udgangen|slutten|"
             r"cierre|fechamento|encerramento|chiusura|cloture|"
             r"slutningen|slutet|sfarsitul|конец|конца|в\s+конце|кінець|кінця|наприкінці|в\s+кінці|τελοσ|τελη|akhir|cuoi)\s+" + _EDGE_OF + r"(?:the\s+)?")
# ... and after the period, in Hungarian, Finnish, Estonian, Lithuanian, Latvian: "tavaly év végén", "viime
# vuoden lopussa", "eelmise aasta lõpus", "praėjusių metų pabaigoje", "2025. gada beigās"
_EDGE_END_AFTER = re.compile(r"\s*(?:(?:ev|evi)\s+)?(?:vegen|vegere|vegeig|vegi|lopussa|loppuun|lopulla|lopus|lopuks|pabaigoje|pabaigai|beigas|beigam)\b")
_EDGE_START_AFTER = re.compile(r"\s*(?:(?:ev|evi)\s+)?(?:elejen|elejetol|alussa|alusta|alguses|pradzioje|sakuma)\b")
# A word before a date or period that moves the reporting time: "before July 2025" is the day
# before it begins, "after Q2 2025" the day after it ends, "since 2025-07-01" the period from it to
# as_of. "until" / "up to" leave the start open: not read (the resolver asks again).
_QUALIFIERS = [
    # "on or after" includes the day: it is "since"
    ("since", re.compile(r"\b(?:since|starting(?:\s+(?:from|on|in))?|effective\s+from|od|on\s+or\s+after|from\s+and\s+including|seit|depuis|sinds|"
                         r"desde|dende|des\s+de(?:l|ls)?|a\s+partir\s+d[eoa]|a\s+partire\s+da)"
                         r"\s+(?:the\s+|dem\s+|le\s+|het\s+|el\s+|la\s+|o\s+)?$")),
    ("after", re.compile(r"\b(?:after|later\s+than|following)\s+(?:the\s+)?$")),
    # bare "from" is not one: "orders from 2024" are orders of 2024
    ("until", re.compile(r"\b(?:until|till|up\s+to|through|thru|do|on\s+or\s+before)\s+(?:the\s+)?$")),
    ("before", re.compile(r"\b(?:before|prior\s+to|earlier\s+than|pred)\s+(?:the\s+)?$")),
]
# ... and after it: "from July 2025 onwards" is since July 2025
_SINCE_AFTER = re.compile(r"\s*,?\s*(?:(?:onwards?|and\s+(?:later|after|beyond|since)|or\s+later|forward|ab\s+dann|en\s+adelante|et\s+apres)\b"
                          # Chinese and Japanese: "由2025年12月1日起至今", "2025年10月以来", "2025年4月以降"
                          r"|起?(?:至今|以来|以來|迄今|到现在|到現在|到目前为止|以降|から現在まで|から今まで)"
                          # "from July 2024 to today", "desde julio hasta hoy", "از اول نوامبر تا امروز", "des del juliol fins ara"
                          r"|(?:to|until|till|up\s+to|through|hasta|bis|jusqu\W?(?:a|au)|fino\s+(?:a|ad)|ate|tot|fins|hyd|go\s+dti|تا|до|по)\s+"
                          r"(?:the\s+)?(?:today|now|date|present|heute|jetzt|hoy|ahora|la\s+fecha|aujourd\W?hui|maintenant|oggi|"
                          r"ora|adesso|hoje|agora|vandaag|nu|ara|avui|hoxe|gaur|heddiw|inniu|haut|امروز|الان|حالا|сегодня|сейчас)(?!\w)"
                          r"|\s*(?:" + fold("සිට") + "|" + fold("முதல்") + r")\s+(?:" + fold("අද") + r"\s+" + fold("දක්වා") + "|"
                          + fold("இன்று") + r"\s+" + fold("வரை") + "))")


def _month_end(year: int, month: int) -> date:
    return date(year, month, calendar.monthrange(year, month)[1])


def _safe_date(year: int, month: int, day: int) -> Optional[date]:
    try:
        return date(year, month, day)
    except ValueError:
        return None


def _quarter(year: int, q: int) -> Period:
    if not 1 <= q <= 4:
        raise ValueError(f"no quarter {q}")
    start = date(year, 3 * (q - 1) + 1, 1)
    return Period(start, _month_end(year, 3 * q), f"Q{q} {year}")


def _half(year: int, h: int) -> Period:
    if h not in (1, 2):
        raise ValueError(f"no half {h}")
    return Period(date(year, 1 if h == 1 else 7, 1), date(year, 6 if h == 1 else 12, 30 if h == 1 else 31), f"H{h} {year}")


def _year(year: int, label: Optional[str] = None) -> Period:
    return Period(date(year, 1, 1), date(year, 12, 31), label or str(year))


def _fiscal(kind: str, fy: int, part: int) -> Period:
    """A fiscal year, half or quarter, on the calendar year until a fiscal calendar places it."""
    if kind.startswith("nendo"):  # 2025年度: no calendar-year reading (unread until a fiscal calendar places it)
        label = f"{fy}年度" + ("" if kind == "nendo" else ("上期" if part == 1 else "下期") if kind == "nendo_half" else f"第{part}四半期")
        return Period(date(fy, 1, 1), date(fy, 12, 31), label, fiscal=(kind, fy, part))
    base = _year(fy, f"FY{fy}") if kind == "year" else _half(fy, part) if kind == "half" else _quarter(fy, part)
    return Period(base.start, base.end, base.label, fiscal=(kind, fy, part))


def _fiscal_to_date(fy: int, as_of: date) -> Period:
    """FY27 YTD: fiscal year `fy` from its start to as_of (on the calendar year until a calendar places it)."""
    start = date(fy, 1, 1)  # (a year not begun by as_of is its first day: a fiscal calendar may yet place it)
    return Period(start, max(start, min(date(fy, 12, 31), as_of)), f"FY{fy} to date", fiscal=("ytd", fy, 0))


def _fiscal_span(first: str, second: str, part: Optional[str] = None, number: int = 0) -> Period:
    """FY2024/25: the fiscal year that starts in 2024 and ends in 2025, or its quarter or half ("Q1 FY
    2026-27"); no such year on a calendar that starts in January: it stays unread there."""
    start = _full_year(first)
    end = _full_year(second) if len(second) == 4 else start // 100 * 100 + int(second)
    if end != start + 1 or (part == "h" and number > 2):
        raise ValueError(f"no fiscal year {first}/{second}")
    label = f"FY{start}/{str(end)[2:]}"
    kind = "span" if part is None else "span_quarter" if part == "q" else "span_half"
    return Period(date(start, 1, 1), date(end, 12, 31), label if part is None else f"{part.upper()}{number} {label}",
                  fiscal=(kind, start, number))


def _fiscal_relative_jp(which: str, half: Optional[str]) -> Period:
    """前期 (the last fiscal year), 今期/当期 (this one), 来期 (the next), or one of their halves."""
    offset = -1 if which.startswith("前") else 1 if which.startswith("来") else 0
    if half:
        return Period(date(2000, 1, 1), date(2000, 6, 30), which + half,
                      fiscal=("nendo_relative_half", offset, 1 if half.startswith("上") else 2))
    return Period(date(2000, 1, 1), date(2000, 12, 31), which, fiscal=("nendo_relative", offset, 0))


def _relative_fiscal_part(m: re.Match, as_of: date) -> Period:
    offset = -1 if m[5] in ("last", "previous", "prior") else 1 if m[5] in ("next", "coming") else 0
    year = as_of.year + offset
    which = "previous" if offset < 0 else "next" if offset > 0 else "current"
    if m[2] or m[3]:
        half = int(m[2]) if m[2] else 1 if m[3] == "first" else 2
        base = _half(year, half)
        return Period(base.start, base.end, f"H{half} of the {which} fiscal year", fiscal=("relative_half", offset, half))
    quarter = int(m[1]) if m[1] else ("first", "second", "third", "fourth").index(m[4]) + 1
    base = _quarter(year, quarter)
    return Period(base.start, base.end, f"Q{quarter} of the {which} fiscal year", fiscal=("relative_quarter", offset, quarter))


def _fiscal_relative(m: re.Match, as_of: date) -> Period:
    offset = -1 if m["last"] or m["last2"] or m["last3"] else 1 if m["next"] or m["next2"] or m["next3"] else 0
    base = _year(as_of.year + offset)
    return Period(base.start, base.end, base.label, fiscal=("relative", offset, 0))


def _month(year: int, month: int) -> Period:
    return Period(date(year, month, 1), _month_end(year, month), f"{calendar.month_name[month]} {year}")


def _month_edge(month: int, as_of: date, end: bool) -> date:
    """The last (or first) day of the latest such month whose edge is on or before as_of."""
    year = as_of.year if month <= as_of.month else as_of.year - 1
    day = _month_end(year, month) if end else date(year, month, 1)
    return day if day <= as_of else (_month_end(year - 1, month) if end else date(year - 1, month, 1))


def _last_past_month(month: int, as_of: date) -> int:
    return as_of.year if month <= as_of.month else as_of.year - 1


# Ordinals of quarters and halves (en, de, es, fr, it, pt, nl, cs; accents folded) -> 1..4
_ORDINALS = {
    **{w: 1 for w in "first 1st erste ersten erster erstes primer primero primera premier premiere primo prima primeiro eerste prvni"
       " birinci ilk forste forsta elso ensimmainen primul primului первыи первого первом перший першого першому πρωτο πρωτου"
       " първо първото първи първия първата prvo prvi prva prvom prvog prvoj прво први прва првом првог првој 1er 1ro 1o 1a".split()},
    **{w: 2 for w in "second 2nd zweite zweiten zweiter zweites segundo segunda deuxieme secondo seconda tweede druhe druhem"
       " ikinci andet anden andre andra masodik toinen doilea второи второго втором другии другого другому δευτερο δευτερου"
       " второ второто втори втория втората drugo drugi druga drugom drugog drugoj друго други друга другом другог другој 2do 2o 2a 2e 2eme".split()},
    **{w: 3 for w in "third 3rd dritte dritten dritter drittes tercer tercero tercera troisieme terzo terza terceiro derde treti tretim"
       " ucuncu tredje harmadik kolmas treilea третии третьего третьем третього третьому τριτο τριτου"
       " трето третото трети третия treci trece treceg trecem трећи треће трећег трећем".split()},
    **{w: 4 for w in "fourth 4th vierte vierten vierter viertes cuarto cuarta quatrieme quarto quarta vierde ctvrte ctvrtem"
       " dorduncu fjerde fjarde negyedik neljas patrulea четвертыи четвертого четвертом четвертии четвертому τεταρτο τεταρτου"
       " четвърто четвъртото четвърти cetvrti cetvrto cetvrtog четврти четврто четвртог".split()},
}
_ORDINAL_RE = _trie(_ORDINALS)
_QUARTER_WORDS = (r"quarter|quartal|quartals|trimestre|trimester|kwartaal|kwartal\w*|ctvrtleti|kvartal\w*|negyedev\w*|neljannes\w*|"
                  r"trimestru\w*|квартал\w*|тримесечи\w*|tromesecj\w*|ceyrek\w*|ceyreg\w*|τριμηνο\w*")
_HALF_WORDS = (r"half|halbjahr(?:es|s)?|halbjahres|jahreshalfte|semestre|semester|halfjaar|helft|pololeti|halvar\w*|"
               r"halvaret|felev\w*|vuosipuolisko\w*|semestru\w*|polugodi\w*|полугод\w*|піврічч\w*|εξαμηνο\w*")
_OF_YEAR = (r"(?:des\s+jahres\s+|del\s+ano\s+|de\s+l\W?annee\s+|dell\W?anno\s+|do\s+ano\s+|"
            r"of\s+|de\s+|del\s+|des\s+|van\s+|roku\s+|i\s+|pa\s+|din\s+|al\s+anului\s+|του\s+|на\s+|za\s+|за\s+)?(?:the\s+)?(?:calendar\s+year\s+)?")
_WEEK_WORDS = (r"(?:calendar\s+)?week|wk|kw|woche|semaine|semana|settimana|tyden|uge|uke|vecka|viikko|viikolla|saptamana|hafta|"
               r"nedelj\w*|nedjelj\w*|minggu(?:\s+ke)?|linggo|wiki|setmana|astea|aste|viku|vika|javen|jave|həftə\w*|tuan|"
               r"კვირა\w*|შაბათ\w*|շաբաթ\w*|апта\w*|недел\w*|недељ\w*|седмица|тиждень|тижня|тижні|εβδομαδα|"
               + "|".join(fold(w) for w in ("ہفتہ", "ہفتے", "সপ্তাহ", "வாரம்")))
_EN_COUNT_RE = r"\d{1,3}|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve"


def _full_year(digits: str) -> int:
    return int(digits) if len(digits) == 4 else 2000 + int(digits)


def _of_relative_year(m: re.Match, as_of: date) -> Period:
    year = as_of.year + {"last": -1, "previous": -1, "prior": -1, "this": 0, "current": 0, "next": 1, "coming": 1}[m[4]]
    if m[1]:
        return _quarter(year, int(m[1]))
    if m[2]:
        return _half(year, int(m[2]))
    return _month(year, _MONTHS[m[3]])


def _week_range(year: int, first: int, last: int) -> Optional[Period]:
    start, end = _iso_week(year, first), _iso_week(year, last)
    if start is None or end is None or end.end < start.start:
        return None
    return Period(start.start, end.end, f"ISO weeks {first} to {last} of {year}")


def _month_range(year: int, first: int, last: int) -> Optional[Period]:
    if not (1 <= first <= last <= 12):
        return None
    return Period(date(year, first, 1), _month(year, last).end, f"{year}-{first:02d} to {year}-{last:02d}")


# no year, day or two-digit year after a month range: "Sep to Nov" but not "Sep to Nov 2025", "Sep to Nov 15"
_NO_YEAR_AFTER = r"\.?(?![\s,.]*(?:of\s+|de\s+|del\s+)?\d|\s*['\u2019]\s*\d)"


def _months_without_year(first: int, last: int, as_of: date) -> Period:
    """A range of months written without a year: the latest one whose first month has begun by as_of
    (with as_of in August, "September to November" is last year's; "November to February" spans a new year)."""
    start = _last_past_month(first, as_of)
    end = start if last >= first else start + 1
    return Period(date(start, first, 1), _month_end(end, last),
                  f"{calendar.month_name[first]} {start} to {calendar.month_name[last]} {end}")


def _any_of(*words: str) -> str:
    """An alternation of words as questions are folded (Thai and other scripts, no word boundaries)."""
    return "(?:" + "|".join(fold(w) for w in words) + ")"


def _thai_year(year: int) -> int:
    """A year as Thai writes it: 2568 in the Buddhist era is 2025."""
    return year - 543 if year >= 2400 else year


def _era_year(era: str, year: str) -> int:
    return {"令和": 2018, "平成": 1988}[era] + (1 if year == "元" else int(year))


def _latest_end(unit: str, as_of: date) -> date:
    """The latest month, quarter or year end on or before as_of."""
    if unit == "eom":
        end = _month_end(as_of.year, as_of.month)
        return end if end <= as_of else as_of.replace(day=1) - timedelta(days=1)
    if unit == "eoq":
        end = _quarter(as_of.year, (as_of.month - 1) // 3 + 1).end
        return end if end <= as_of else _previous_quarter(as_of).end
    return date(as_of.year, 12, 31) if as_of == date(as_of.year, 12, 31) else date(as_of.year - 1, 12, 31)


def _latest_week(week: int, as_of: date) -> Optional[Period]:
    year = as_of.isocalendar()[0]
    this = _iso_week(year, week)
    return this if this is not None and this.start <= as_of else _iso_week(year - 1, week)


def _iso_week(year: int, week: int) -> Optional[Period]:
    try:
        monday = date.fromisocalendar(year, week, 1)
    except ValueError:
        return None
    return Period(monday, monday + timedelta(days=6), f"ISO week {week} of {year}")


# Each pattern yields a Period or a date. Order matters: longer forms first. A builder takes the
# match and as_of; only the relative forms ("last quarter", "today") read as_of.
# A list or range of periods of one kind names the year once, at the end: "Q1 and Q2 2025",
# "between Q1 and Q3 2025", "January to March 2025", "H1 and H2 2025". Each period before it
# takes that year (the lookahead reads it).
_RANGE_SEP = (r"\.?\s*(?:to|until|till|kuya(?:\s+ku-?)?|through|thru|and|y|e|i|eta|und|et|en|do|az|a|au|al|bis(?:\s+einschliesslich)?|tot(?:\s+en\s+met)?|t/m|ate|hasta(?:\s+el)?|jusqu\W?(?:au|a)|fino\s+al?|-|–|"
              r"til|pana\s+la|по|до|-?\s*ig|から|至|到|~|〜|부터|sampai(?:\s+dengan)?|hingga|hadi|mpaka|den|إلى|الى|حتى|से|تا|עד"
              # the "from" postposition of Malayalam, Telugu, Kannada, Gujarati, Punjabi ("2024 ഏപ്രിൽ 1 മുതൽ 2026 ജനുവരി 31 വരെ")
              r"|മുതൽ|నుండి|నుంచి|ರಿಂದ|થી|ਤੋਂ"
              # Lao "ຕັ້ງແຕ່ X ຫາ Y", Khmer "ពី X ដល់ Y", Burmese "X မှ Y အထိ" (folded)
              r"|ຫາ|ដល់|ដល|မှ|မ)\s*"
              # Turkish "1 Ekim 2025'ten 31 Mart 2026'ya kadar", Hungarian "január 1-től március 31-ig"
              r"|\W?(?:ten|tan|den|dan)\s+|-?tol\s+")
# "du D1 au D2", "del D1 al D2", "de D1 a D2", "dal D1 al D2": these separators make a range only after a "from"
_FROM_WORD = r"\b(?:from|du|del|de|desde|dal|dalla|dall|da|vom|von|van|od|fra|fran|de\s+la|с|з|від|dari|tu|من)\s+$"
# between two periods of a list ("2024 and 2025", "Q1, Q2 and Q3 2025"): a comma, or "and" in
# English, Spanish, German, French, Italian/Portuguese, Dutch, Czech
_LIST_SEP = r"\s*(?:,\s*(?:and\s+)?|&|\+|and|y|und|et|e|en|a|va|dan|og|och|ja|ve|и|και)\s*"
_JOIN = rf"(?:{_RANGE_SEP}|{_LIST_SEP}|\s*(?:bis|al)\s*)"
_Q_NO_YEAR, _H_NO_YEAR, _M_NO_YEAR = r"q(?:uarter\s*)?[1-4]", r"h[12]", rf"(?:{_MONTH_RE})\.?"
_CJK_NUMBERS = {"1": 1, "2": 2, "3": 3, "4": 4, "一": 1, "二": 2, "三": 3, "四": 4}
_PERIOD_FORMS = [
    # "H1 of the prior fiscal year", "Q3 of this financial year": on the calendar year until a fiscal calendar places it
    (r"\b(?:q([1-4])|h([12])|(first|second)\s+half|(first|second|third|fourth)\s+quarter)\s+(?:of\s+)?(?:the\s+)?"
     r"(last|previous|prior|this|current|next|coming)\s+(?:fiscal|financial)\s+year\b",
     lambda m, as_of: _relative_fiscal_part(m, as_of)),
    # a range of weeks with the year once: "dalla settimana 10 alla settimana 20 del 2025", "weeks 10 to 20 of 2025"
    (rf"\b(?:{_WEEK_WORDS}|weeks)\s*(\d{{1,2}})\s*(?:to|until|through|-|–|al|alla|a|bis|tot|au|do|till)\s*(?:(?:the\s+)?(?:{_WEEK_WORDS})\s*)?"
     rf"(\d{{1,2}})\s*(?:,\s*|of\s+|del\s+|de\s+|des\s+|van\s+|/\s*)?{_Y}\b",
     lambda m, as_of: _week_range(int(m[3]), int(m[1]), int(m[2]))),
    # a range of months with the year once, in Japanese/Chinese/Korean: 2025年1月から6月まで, 2025年1月至6月
    (r"((?:19|20)\d{2})\s*[年년]\s*(\d{1,2})\s*[月월]\s*(?:から|至|到|~|〜|부터|-|–)\s*(\d{1,2})\s*[月월]",
     lambda m, as_of: _month_range(int(m[1]), int(m[2]), int(m[3]))),
    # year first, a range of months with from/until words: "2025 সালের জুলাই থেকে ডিসেম্বর পর্যন্ত", "2025 کے جولائی سے دسمبر تک"
    (rf"\b{_Y}\s+(?:\S+\s+)?({_MONTH_RE})\s+(?:থেকে|से|سے|இலிருந்து|mula|hadi|dari|od)\s+({_MONTH_RE})\b"
     + "(?:\\s+(?:" + "|".join(fold(w) for w in ("পর্যন্ত", "तक", "تک", "வரை")) + "|hadi|sampai|hanggang))?",
     lambda m, as_of: _month_range(int(m[1]), _MONTHS[m[2]], _MONTHS[m[3]])),
    # Japanese fiscal periods (年度): 2025年度, 2025年度上期, 2025年度第1四半期, 前期, 今期上期; placed only on a
    # fiscal calendar the catalog states (unread without one)
    (r"((?:19|20)\d{2})\s*年度\s*(?:の\s*)?(上期|下期|上半期|下半期)", lambda m, as_of: _fiscal("nendo_half", int(m[1]), 1 if m[2].startswith("上") else 2)),
    (r"((?:19|20)\d{2})\s*年度\s*(?:の\s*)?第\s*([1-4一二三四])\s*四半期", lambda m, as_of: _fiscal("nendo_quarter", int(m[1]), _CJK_NUMBERS[m[2]])),
    (r"((?:19|20)\d{2})\s*年度", lambda m, as_of: _fiscal("nendo", int(m[1]), 0)),
    (r"(前期|今期|当期|来期|前年度|今年度|当年度|来年度)\s*(?:の\s*)?第\s*([1-4一二三四])\s*四半期",
     lambda m, as_of: Period(date(2000, 1, 1), date(2000, 3, 31), m[0], fiscal=("nendo_relative_quarter", -1 if m[1].startswith("前") else 1 if m[1].startswith("来") else 0, _CJK_NUMBERS[m[2]]))),
    (r"(前期|今期|当期|来期|前年度|今年度|当年度|来年度)\s*(?:の\s*)?(上期|下期|上半期|下半期)?",
     lambda m, as_of: _fiscal_relative_jp(m[1], m[2])),
    # Japanese, Chinese, Korean: 2025年第2四半期, 2025年第二季度, 2025년 2분기, 2025年上半期, 2025년 상반기, 2025年6月, 2025年
    (r"((?:19|20)\d{2})\s*[年년]\s*(?:第\s*)?([1-4一二三四])\s*(?:四半期|季度|季|분기)",
     lambda m, as_of: _quarter(int(m[1]), _CJK_NUMBERS[m[2]])),
    (r"((?:19|20)\d{2})\s*[年년]?\s*(?:q|Q)([1-4])(?!\d)", lambda m, as_of: _quarter(int(m[1]), int(m[2]))),
    (r"((?:19|20)\d{2})\s*[年년]?\s*(上|下|상|하)\s*(?:半期|半年|반기)",
     lambda m, as_of: _half(int(m[1]), 1 if m[2] in "上상" else 2)),
    (r"((?:19|20)\d{2})\s*[年년]\s*(\d{1,2})\s*[月월](?!\s*\d)", lambda m, as_of: _month(int(m[1]), int(m[2]))),
    (r"((?:19|20)\d{2})\s*[年년](?!\s*\d|度|\s*第)", lambda m, as_of: _year(int(m[1]))),
    (r"先月|前月|上个月|上月|지난\s*달|الشهر\s+الماضي|पिछले\s+महीने|בחודש\s+שעבר|החודש\s+שעבר|ماه\s+گذشته", lambda m, as_of: _previous_month(as_of)),
    # Marathi, Nepali, Hindi (folded as questions are: a virama dropped): last month, quarter, year; yesterday
    (r"(?:गेलया महिनयात|गेलया महिनयाचा|गेलया महिनयाचया|गेलया महिनयातील|गत महिना|गत महिनाको|गएको महिना|गएको महिनाको|पिछले माह)", lambda m, as_of: _previous_month(as_of)),
    (r"(?:गेलया तिमाहीत|गेलया तिमाहीचा|गेलया तिमाहीचया|गत तरैमासिक|गत तरैमासिकको|गत तरैमास|गएको तरैमासिक|पिछली तिमाही में)", lambda m, as_of: _previous_quarter(as_of)),
    (r"(?:गेलया वरषी|गेलया वरषीचा|गेलया वरषीचया|गत वरष|गत वरषको|गत साल|गएको वरष|पिछले वरष)", lambda m, as_of: _year(as_of.year - 1)),
    (r"(작년|去年|昨年|前年)\s*(상|하|上|下)\s*(?:반기|半年|半期|期)", lambda m, as_of: _half(as_of.year - 1, 1 if m[2] in "상上" else 2)),
    (r"(작년|去年|昨年|前年|올해|금년|今年)\s*(?:第\s*)?([1-4一二三四])\s*(?:분기|四半期|季度|季)",
     lambda m, as_of: _quarter(as_of.year - (1 if m[1] in ("작년", "去年", "昨年", "前年") else 0), _CJK_NUMBERS[m[2]])),
    (r"이번\s*분기|今四半期|本季度", lambda m, as_of: _quarter(as_of.year, (as_of.month - 1) // 3 + 1)),
    (r"昨年|去年|작년|지난\s*해|العام\s+الماضي|السنة\s+الماضية|पिछले\s+साल|בשנה\s+שעברה|سال\s+گذشته", lambda m, as_of: _year(as_of.year - 1)),
    # Bulgarian, Serbian Cyrillic, Urdu, Bengali, Tamil: last year, quarter, month
    (r"миналата\s+година|прошле\s+године|прошла\s+година|(?:پچھلے|گزشتہ)\s+سال|" + fold("গত বছর") + "|" + fold("கடந்த ஆண்டு"),
     lambda m, as_of: _year(as_of.year - 1)),
    (r"миналото\s+тримесечие|прошл(?:и|ог)\s+квартал\w*|(?:پچھلی|گزشتہ|گذشتہ)\s+سہ\s*ماہی|" + fold("গত ত্রৈমাসিক") + "|" + fold("கடந்த காலாண்டு") + "|" + fold("පසුගිය කාර්තුව"),
     lambda m, as_of: _previous_quarter(as_of)),
    # "the quarter before last", "the month before last"
    (r"\bthe\s+quarter\s+before\s+(?:the\s+)?last\b", lambda m, as_of: _previous_quarter(_previous_quarter(as_of).start)),
    (r"\bthe\s+month\s+before\s+(?:the\s+)?last\b", lambda m, as_of: _previous_month(_previous_month(as_of).start)),
    (r"\b(?:an\s+)?mhi\s+seo\s+caite\b", lambda m, as_of: _previous_month(as_of)),  # Irish "last month"
    (r"\bosu\s+to\s+koja\b", lambda m, as_of: _previous_month(as_of)),  # Yoruba "last month"
    (r"\b(?:de\s+)?leschte[ns]?\s+mount\b", lambda m, as_of: _previous_month(as_of)),  # Luxembourgish "last month"
    (r"\bkota\s+to\s+koja\b", lambda m, as_of: _previous_quarter(as_of)),  # Yoruba "last quarter"
    (r"миналия\s+месец|прошл(?:и|ог)\s+месец\w*|(?:پچھلے|گزشتہ|گذشتہ)\s+(?:مہینے|ماہ)|" + fold("গত মাস") + "|" + fold("கடந்த மாதம்") + "|" + fold("පසුගිය මාසේ") + "|" + fold("පසුගිය මාසය") + "|" + fold("පසුගිය මාසයේ"),
     lambda m, as_of: _previous_month(as_of)),
    # Khmer, Lao, Burmese: last month, last year
    (_any_of("ខែមុន", "ເດືອນແລ້ວ", "ເດືອນທີ່ຜ່ານມາ", "ເດືອນກ່ອນ", "ပြီးခဲ့တဲ့လ", "ယခင်လ"), lambda m, as_of: _previous_month(as_of)),
    (_any_of("ឆ្នាំមុន", "ປີແລ້ວ", "ປີທີ່ຜ່ານມາ", "ປີກາຍ", "ပြီးခဲ့တဲ့နှစ်", "မနှစ်က"), lambda m, as_of: _year(as_of.year - 1)),
    # Telugu, Kannada, Malayalam, Gujarati, Punjabi: last year, last month (with their case endings)
    (_any_of("గత సంవత్సరం", "గత ఏడాది", "ಕಳೆದ ವರ್ಷ", "കഴിഞ്ഞ വർഷ", "ગયા વર્ષ", "ગયા વરસ", "ਪਿਛਲੇ ਸਾਲ", "ਪਿਛਲੇ ਵਰ੍ਹੇ"),
     lambda m, as_of: _year(as_of.year - 1)),
    (_any_of("గత నెల", "ಕಳೆದ ತಿಂಗಳ", "കഴിഞ്ഞ മാസ", "ગયા મહિન", "ગયા માસ", "ਪਿਛਲੇ ਮਹੀਨੇ", "ਪਿਛਲੇ ਮਹੀਨ"),
     lambda m, as_of: _previous_month(as_of)),
    (r"今年|올해|금년|इस\s+साल(?!\s+(?:" + _MONTH_RE + r"))", lambda m, as_of: _year(as_of.year)),
    (rf"इस\s+साल\s+({_MONTH_RE})\s+से\s+({_MONTH_RE})(?:\s+तक)?", lambda m, as_of: _month_range(as_of.year, _MONTHS[m[1]], _MONTHS[m[2]])),
    # (a Buddhist-era year follows a month in a script of Southeast Asia: the lookahead spares every Latin position)
    (rf"(?=[^\x00-\x7f])({_MONTH_RE})\s*(?:พ\s*\.\s*ศ\s*\.\s*)?(2[45]\d{{2}})(?!\d)", lambda m, as_of: _month(int(m[2]) - 543, _MONTHS[m[1]])),
    # Thai relative periods: last month, quarter, year, week; this month, year ("... ก่อน", "... ที่ผ่านมา" also
    # follow a count: "2 เดือนก่อน" is two months ago)
    (_any_of("เดือนที่แล้ว"), lambda m, as_of: _previous_month(as_of)),
    (_any_of("ไตรมาสที่แล้ว"), lambda m, as_of: _previous_quarter(as_of)),
    (_any_of("ปีที่แล้ว", "ปีกลาย"), lambda m, as_of: _year(as_of.year - 1)),
    (_any_of("สัปดาห์ที่แล้ว", "อาทิตย์ที่แล้ว"),
     lambda m, as_of: _iso_week(*(as_of - timedelta(days=7)).isocalendar()[:2])),
    (fold("เดือนนี้"), lambda m, as_of: _month(as_of.year, as_of.month)),
    (fold("ปีนี้"), lambda m, as_of: _year(as_of.year)),
    # Thai quarters: "ไตรมาส 2 ปี 2568" (Q2 2025, Buddhist era), "ไตรมาส 1 ปีงบประมาณ 2569" (Q1 FY2026)
    (fold("ไตรมาส") + r"\s*(?:" + fold("ที่") + r"\s*)?([1-4])\s*(?:" + fold("ปีงบประมาณ") + r")\s*(?:พ\s*\.\s*ศ\s*\.\s*)?(\d{4})(?!\d)",
     lambda m, as_of: _fiscal("quarter", _thai_year(int(m[2])), int(m[1]))),
    (fold("ไตรมาส") + r"\s*(?:" + fold("ที่") + r"\s*)?([1-4])\s*(?:" + fold("ปี") + r"\s*)?(?:พ\s*\.\s*ศ\s*\.\s*)?(\d{4})(?!\d)",
     lambda m, as_of: _quarter(_thai_year(int(m[2])), int(m[1]))),
    # Thai fiscal year in the Buddhist era: "ปีงบประมาณ 2568" (FY2025)
    (fold("ปีงบประมาณ") + r"\s*(?:พ\s*\.\s*ศ\s*\.\s*)?(2[45]\d{2})(?!\d)", lambda m, as_of: _fiscal("year", int(m[1]) - 543, 0)),
    (r"前四半期|上季度|上个季度|지난\s*분기|الربع\s+الماضي|पिछली\s+तिमाही|ברבעון\s+הקודם|سه[\s\u200c]*ماهه\s+گذشته", lambda m, as_of: _previous_quarter(as_of)),
    (rf"\bq(?:uarter\s*)?([1-4])(?=(?:{_JOIN}{_Q_NO_YEAR})*{_JOIN}{_Q_NO_YEAR}\s*[/ -]?\s*(?:of\s+)?{_Y}\b)",
     lambda m, as_of: _quarter(int(m[2]), int(m[1]))),
    (rf"\bh([12])(?=(?:{_JOIN}{_H_NO_YEAR})*{_JOIN}{_H_NO_YEAR}\s*[/ -]?\s*{_Y}\b)",
     lambda m, as_of: _half(int(m[2]), int(m[1]))),
    (rf"\b({_MONTH_RE})\.?(?=(?:{_JOIN}{_M_NO_YEAR})*{_JOIN}{_M_NO_YEAR},?\s+{_OF}{_Y}\b)",
     lambda m, as_of: _month(int(m[2]), _MONTHS[m[1]])),
    (rf"\b(?:q|quarter\s*)([1-4])\s*[/ -]?\s*(?:of\s+)?{_Y}\b", lambda m, as_of: _quarter(int(m[2]), int(m[1]))),
    (rf"\bq([1-4])\s*{_YY}", lambda m, as_of: _quarter(2000 + int(m[2]), int(m[1]))),
    (rf"\b({_MONTH_RE})\.?\s*{_YY}", lambda m, as_of: _month(2000 + int(m[2]), _MONTHS[m[1]])),  # Dec '25
    # "1Q24", "3Q 2024", "Q1 FY25", "H2 FY2024" (canon's fiscal year is the calendar year, as FY2025 is)
    (r"\b([1-4])q\s*['\u2019]?\s*((?:19|20)?\d{2})\b", lambda m, as_of: _quarter(_full_year(m[2]), int(m[1]))),
    (r"\b([12])h\s*['\u2019]?\s*((?:19|20)?\d{2})\b", lambda m, as_of: _half(_full_year(m[2]), int(m[1]))),
    (r"\bq([1-4])\s*(?:of\s+)?(?:fy|tf|tk)\s*['\u2019]?\s*((?:19|20)?\d{2})\b(?![/-]\d)", lambda m, as_of: _fiscal("quarter", _full_year(m[2]), int(m[1]))),
    # a fiscal year to date: "FY27 YTD", "FY2026 to date"; "fiscal YTD", "FYTD" (the current fiscal year's)
    (r"\b(?:fy|tf|tk)\s*['\u2019]?\s*((?:19|20)?\d{2})\s*(?:-\s*|\s+)?(?:ytd|to\s+date)\b",
     lambda m, as_of: _fiscal_to_date(_full_year(m[1]), as_of)),
    (r"\b(?:fytd|fiscal\s+ytd|ytd\s+fiscal|(?:fiscal|financial)\s+year[\s-]to[\s-]date)\b",
     lambda m, as_of: Period(date(as_of.year, 1, 1), as_of, "fiscal year to date", fiscal=("ytd_relative", 0, 0))),
    (r"\bh([12])\s*(?:of\s+)?(?:fy|tf|tk)\s*['\u2019]?\s*((?:19|20)?\d{2})\b(?![/-]\d)", lambda m, as_of: _fiscal("half", _full_year(m[2]), int(m[1]))),
    (rf"\b{_Y}\s*[/ -]?\s*q([1-4])\b", lambda m, as_of: _quarter(int(m[1]), int(m[2]))),
    # an ordinal quarter or half of a fiscal year: "the fourth quarter of FY26", "second half of fiscal 2025",
    # "cuarto trimestre del FY26", "im vierten Quartal des GJ 2025", "الربع الرابع من FY26"
    (rf"\b({_ORDINAL_RE})\s+({_QUARTER_WORDS}|{_HALF_WORDS})\s+(?:of\s+|del\s+|de\s+l\W?|des\s+|dell\W?|do\s+|van\s+het\s+)?(?:the\s+)?"
     rf"(?:fy|{_FISCAL_YEAR_WORDS})\s*['\u2019]?\s*((?:19|20)?\d{{2}})\b(?![/-]\d)",
     lambda m, as_of: _fiscal("quarter" if re.fullmatch(_QUARTER_WORDS, m[2]) else "half", _full_year(m[3]), _ORDINALS[m[1]])),
    (rf"(?:الربع|ربع)\s+(الاول|الثاني|الثالث|الرابع)\s+(?:من\s+)?(?:(?:عام|سنة|السنة)\s+)?(?:fy|(?:السنة|السنه)\s+(?:المالية|الماليه))\s*((?:19|20)?\d{{2}})\b",
     lambda m, as_of: _fiscal("quarter", _full_year(m[2]), {"الاول": 1, "الثاني": 2, "الثالث": 3, "الرابع": 4}[m[1]])),
    # Persian: "سه ماهه چهارم 2025", "سه‌ماهه دوم سال 2025"
    (rf"سه[\s\u200c]*ماهه\s+(اول|دوم|سوم|چهارم)\s+(?:سال\s+)?{_Y}",
     lambda m, as_of: _quarter(int(m[2]), {"اول": 1, "دوم": 2, "سوم": 3, "چهارم": 4}[m[1]])),
    # Urdu: "2025 کی دوسری سہ ماہی", "دوسری سہ ماہی 2025"
    (rf"{_Y}\s+(?:کی|کا)\s+(پہلی|دوسری|تیسری|چوتھی)\s+سہ\s*ماہی",
     lambda m, as_of: _quarter(int(m[1]), {"پہلی": 1, "دوسری": 2, "تیسری": 3, "چوتھی": 4}[m[2]])),
    (rf"(پہلی|دوسری|تیسری|چوتھی)\s+سہ\s*ماہی\s+(?:سال\s+)?{_Y}",
     lambda m, as_of: _quarter(int(m[2]), {"پہلی": 1, "دوسری": 2, "تیسری": 3, "چوتھی": 4}[m[1]])),
    (rf"\b([1-4])\.\s*(?:ctvrtleti|kvartal|quartal|trimestre|kwartaal)\w*\s+{_OF_YEAR}{_Y}\b",
     lambda m, as_of: _quarter(int(m[2]), int(m[1]))),
    # ... and halves ("1º semestre de 2025", "2º sem. 2025", "1er semestre 2025")
    (rf"\b([12])(?:o|a|er|re|e|eme|°|º)\s*(?:semestre|sem)\b\.?\s+{_OF_YEAR}{_Y}\b",
     lambda m, as_of: _half(int(m[2]), int(m[1]))),
    # a Romance ordinal digit ("3º trimestre de 2025", "1º tri de 2025", "2e trimestre 2025", "1er trim. 2025")
    (rf"\b([1-4])(?:o|a|er|re|e|eme|°|º)\s*(?:trimestre|trim|tri)\b\.?\s+{_OF_YEAR}{_Y}\b",
     lambda m, as_of: _quarter(int(m[2]), int(m[1]))),
    (rf"\b({_ORDINAL_RE})\s+(?:{_QUARTER_WORDS})\s+{_OF_YEAR}{_Y}\b",
     lambda m, as_of: _quarter(int(m[2]), _ORDINALS[m[1]])),
    # a quarter in Roman numerals: "w I kwartale 2025 r.", "II. Quartal 2025", "IV trimestre 2025"
    (rf"\b(i{{1,3}}|iv)\.?\s+(?:{_QUARTER_WORDS})\s+{_OF_YEAR}{_Y}\b",
     lambda m, as_of: _quarter(int(m[2]), {"i": 1, "ii": 2, "iii": 3, "iv": 4}[m[1]])),
    # ... year first, also with a Turkish genitive ending: "2025'in ikinci çeyreği", "2025 yılının ilk yarısı"
    (rf"\b{_Y}(?:['\u2019]\w{{1,3}}|\s+yilinin)?\.?\s+({_ORDINAL_RE})\s+(?:{_QUARTER_WORDS})", lambda m, as_of: _quarter(int(m[1]), _ORDINALS[m[2]])),
    (rf"\b{_Y}(?:['\u2019]\w{{1,3}}|\s+yilinin)?\.?\s+({_ORDINAL_RE})\s+(?:{_HALF_WORDS}|yari\w*)", lambda m, as_of: _half(int(m[1]), _ORDINALS[m[2]])),
    (rf"(?:الربع|ربع)\s+(الاول|الثاني|الثالث|الرابع)\s+(?:من\s+)?(?:عام\s+|سنة\s+)?{_Y}",
     lambda m, as_of: _quarter(int(m[2]), {"الاول": 1, "الثاني": 2, "الثالث": 3, "الرابع": 4}[m[1]])),
    # Swahili: "robo ya pili ya 2025"
    (rf"\brobo\s+ya\s+(kwanza|pili|tatu|nne)\s+(?:ya\s+|mwaka\s+)?{_Y}\b",
     lambda m, as_of: _quarter(int(m[2]), {"kwanza": 1, "pili": 2, "tatu": 3, "nne": 4}[m[1]])),
    (rf"\b(?:kuartal|triwulan)\s+(pertama|kedua|ketiga|keempat|[1-4]|i{{1,3}}|iv)\s+(?:tahun\s+)?{_Y}\b",
     lambda m, as_of: _quarter(int(m[2]), {"pertama": 1, "kedua": 2, "ketiga": 3, "keempat": 4, "i": 1, "ii": 2, "iii": 3, "iv": 4}.get(m[1]) or int(m[1]))),
    (rf"\bthang\s+(\d{{1,2}})\s*(?:nam\s+|/\s*|,\s*)?{_Y}\b", lambda m, as_of: _month(int(m[2]), int(m[1])) if 1 <= int(m[1]) <= 12 else None),
    (rf"\bquy\s+([1-4]|i{{1,3}}|iv)\s+(?:nam\s+)?{_Y}\b",
     lambda m, as_of: _quarter(int(m[2]), {"i": 1, "ii": 2, "iii": 3, "iv": 4}.get(m[1]) or int(m[1]))),
    # a "third half" is no half: _half refuses it and the text is reported as not read
    (rf"\b({_ORDINAL_RE})\s+(?:{_HALF_WORDS})\s+{_OF_YEAR}{_Y}\b", lambda m, as_of: _half(int(m[2]), _ORDINALS[m[1]])),
    # "the first quarter of last year", "the second half of this year", "el primer trimestre del año pasado"
    (rf"\b({_ORDINAL_RE})\s+({_QUARTER_WORDS}|{_HALF_WORDS})\s+(?:of\s+|del\s+|do\s+|de\s+l\W?|dell\W?|des\s+)?(?:the\s+)?"
     r"(last|previous|prior|this|current|next|coming|ano\s+pasado|ano\s+passado|anno\s+scorso|annee\s+derniere|"
     r"letzten\s+jahres|vorjahres|ano\s+en\s+curso|este\s+ano|cette\s+annee)(?:\s+year)?\b",
     lambda m, as_of: (_quarter if re.fullmatch(_QUARTER_WORDS, m[2]) else _half)(
         as_of.year + {"last": -1, "previous": -1, "prior": -1, "this": 0, "current": 0, "next": 1, "coming": 1,
                       "ano en curso": 0, "este ano": 0, "cette annee": 0}.get(re.sub(r"\s+", " ", m[3]), -1), _ORDINALS[m[1]])),
    # "4T25", "1T26": a quarter (trimestre) with a two-digit year
    (r"\b([1-4])t\s*['\u2019]?\s*((?:19|20)?\d{2})\b", lambda m, as_of: _quarter(_full_year(m[2]), int(m[1]))),
    # a quarter, half or month "of last year", "this year", "next year"
    (rf"\b(?:q([1-4])|h([12])|({_MONTH_RE}))\s+(?:of\s+)?(?:the\s+)?(last|previous|prior|this|current|next|coming)\s+year\b",
     lambda m, as_of: _of_relative_year(m, as_of)),
    # ISO weeks: "week 12 of 2025", "KW 12 2025", "2025-W12", "W12 2025"
    (rf"\b(?:{_WEEK_WORDS}|w)\s*\.?\s*(?:ke-?\s*)?(\d{{1,2}})\s*(?:of\s+|de\s+|del\s+|di\s+|van\s+|tahun\s+|nam\s+|/\s*|,\s*)?{_Y}\b",
     lambda m, as_of: _iso_week(int(m[2]), int(m[1]))),
    (rf"\b{_Y}-?w(\d{{2}})\b", lambda m, as_of: _iso_week(int(m[1]), int(m[2]))),
    (rf"\b{_Y}\s+(?:{_WEEK_WORDS})\s*(\d{{1,2}})\b", lambda m, as_of: _iso_week(int(m[1]), int(m[2]))),
    (rf"\b{_Y}\s*(?:թ\.?|წლის|жылғы)\s+(\d{{1,2}})(?:-?ին|-?րդ|-?ші|-?шы)?\s+(?:{_WEEK_WORDS})", lambda m, as_of: _iso_week(int(m[1]), int(m[2]))),
    # 2025년 14주차, 2025年第14週, 2025年第14周
    (r"((?:19|20)\d{2})\s*[年년]\s*(?:第\s*)?(\d{1,2})\s*(?:주차|주|週|周)", lambda m, as_of: _iso_week(int(m[1]), int(m[2]))),
    # a week by its number without a year ("KW 46", "setmana 10", "minggu ke-12", "მე-10 კვირაში"): the
    # latest such ISO week that has begun by as_of, as a quarter without its year is
    (rf"\b(?:{_WEEK_WORDS})\s*\.?\s*(?:ke-?\s*)?(\d{{1,2}})\b(?!\s*[./-]?\d)(?!\s*(?:of|de|del|di|van)\s+\d)",
     lambda m, as_of: _latest_week(int(m[1]), as_of)),
    (rf"(?:\bმე-)?\b(\d{{1,2}})(?:-?(?:th|st|nd|rd|e|a|o|ი|ин)|\.)?\s+(?:{_WEEK_WORDS})\b(?!\s*(?:of\s+|de\s+)?\d)",
     lambda m, as_of: _latest_week(int(m[1]), as_of)),
    # T2 2025 (trimestre), S1 2025 (semestre): French, Spanish, Italian, Portuguese
    (rf"\bt([1-4])\s*[/ -]?\s*{_Y}\b", lambda m, as_of: _quarter(int(m[2]), int(m[1]))),
    (rf"\bs([12])\s*[/ -]?\s*{_Y}\b", lambda m, as_of: _half(int(m[2]), int(m[1]))),
    (rf"\b(\d{{1,2}})(?:-\w{{1,2}}|\.)?\s+(?:{_WEEK_WORDS})\s+(?:of\s+)?{_Y}\b", lambda m, as_of: _iso_week(int(m[2]), int(m[1]))),
    (rf"\bh([12])\s*[/ -]?\s*{_Y}\b", lambda m, as_of: _half(int(m[2]), int(m[1]))),
    (rf"\bh([12])\s*{_YY}", lambda m, as_of: _half(2000 + int(m[2]), int(m[1]))),
    (rf"\b{_Y}\s*[/ -]?\s*h([12])\b", lambda m, as_of: _half(int(m[1]), int(m[2]))),
    (rf"\b([12])\.\s*(?:pololeti|halbjahr\w*|semestre|halfjaar)\s+{_OF_YEAR}{_Y}\b", lambda m, as_of: _half(int(m[2]), int(m[1]))),
    # "CY2025", "CY25": the calendar year
    (r"\bcy\s*['\u2019]?\s*((?:19|20)?\d{2})\b(?![/-]\d)", lambda m, as_of: _year(_full_year(m[1]))),
    # "FY26 H1", "FY2026 Q1": fiscal periods (resolver.fiscal places them on a calendar the catalog states)
    (r"\b(?:fy|tf|tk)\s*['\u2019]?\s*((?:19|20)?\d{2})\s*[/ -]?\s*h([12])\b", lambda m, as_of: _fiscal("half", _full_year(m[1]), int(m[2]))),
    (r"\b(?:fy|tf|tk)\s*['\u2019]?\s*((?:19|20)?\d{2})\s*[/ -]?\s*q([1-4])\b", lambda m, as_of: _fiscal("quarter", _full_year(m[1]), int(m[2]))),
    # "Q1 FY 2026-27", "H2 FY2025/26", "FY 2025-26 Q3": a quarter or half of a fiscal year across two calendar years
    (r"\b([qh])([1-4])\s*(?:of\s+)?fy\s*((?:19|20)\d{2})\s*[/-]\s*(\d{2}|(?:19|20)\d{2})\b(?![/-]\d)",
     lambda m, as_of: _fiscal_span(m[3], m[4], m[1], int(m[2]))),
    (r"\bfy\s*((?:19|20)\d{2})\s*[/-]\s*(\d{2}|(?:19|20)\d{2})\s*[/ -]?\s*([qh])([1-4])\b",
     lambda m, as_of: _fiscal_span(m[1], m[2], m[3], int(m[4]))),
    # "FY2024/25", "financial year 2024-25", "regnskapsåret 2024/25", "2024/25 financial year": a fiscal
    # year across two calendar years (placed only on a calendar that does not start in January)
    (rf"\b(?:fy|{_FISCAL_YEAR_WORDS})\s*['\u2019]?\s*((?:19|20)\d{{2}}|\d{{2}})\s*[/-]\s*(\d{{2}}|(?:19|20)\d{{2}})\b(?![/-]\d)",
     lambda m, as_of: _fiscal_span(m[1], m[2])),
    (rf"\b((?:19|20)\d{{2}})\s*[/-]\s*(\d{{2}}|(?:19|20)\d{{2}})\s+(?:{_FISCAL_YEAR_WORDS})\b", lambda m, as_of: _fiscal_span(m[1], m[2])),
    (rf"\b(?:fy|{_FISCAL_YEAR_WORDS})\s*'?{_Y}\b(?![/-]\d)", lambda m, as_of: _fiscal("year", int(m[1]), 0)),
    (rf"\b{_Y}\s+(?:{_FISCAL_YEAR_WORDS})(?!\w)", lambda m, as_of: _fiscal("year", int(m[1]), 0)),  # "2026 фінансовий рік"
    (r"\bfy\s*['\u2019]?\s*(\d{2})\b", lambda m, as_of: _fiscal("year", 2000 + int(m[1]), 0)),
    (rf"\b(?:{_FISCAL_RELATIVE})", lambda m, as_of: _fiscal_relative(m, as_of)),
    # ... not a year split over two ("tax year 2024/25", "academic year 2024-25": reported, never read as 2024)
    (rf"\b(?:calendar\s+year|full\s+year|year|rok|roku|v\s+roce|za\s+rok|cely\s+rok)\s+{_Y}\b(?![/-]\d)",
     lambda m, as_of: _year(int(m[1]))),
    (rf"\b({_MONTH_RE})(?:\.?,?\s+{_OF}|[-/])\s*{_Y}\b", lambda m, as_of: _month(int(m[2]), _MONTHS[m[1]])),
    (rf"\b{_Y}\.?\s*(?:aasta|gada|m\.)\s+({_MONTH_RE})\b", lambda m, as_of: _month(int(m[1]), _MONTHS[m[2]])),  # 2026. aasta septembris
    (rf"\b((?:19|20)\d{{2}})(?:eko|ko)\s+({_MONTH_RE})\b(?!\s+\d)", lambda m, as_of: _month(int(m[1]), _MONTHS[m[2]])),  # 2025eko azaroan
    (r"\b((?:19|20)\d{2})[-/.](0?[1-9]|1[0-2])\b(?![-/.]\d)", lambda m, as_of: _month(int(m[1]), int(m[2]))),
    (r"(?<![\d./-])(0?[1-9]|1[0-2])[/.-]((?:19|20)\d{2})\b", lambda m, as_of: _month(int(m[2]), int(m[1]))),
    # Finnish, Estonian, Hungarian, Lithuanian, Latvian, Ukrainian, Russian, Greek (folded): last year,
    # this year, last quarter, last month ("tavaly", "viime vuonna", "praėjusiais metais", "минулого року")
    (r"\bviime\s+vuo(?:nna|den|si)\b|\bedellise(?:na|n)\s+vuo(?:nna|den)\b|\beelmis(?:el|e)\s+aasta(?:l)?\b|\bmoodunud\s+aasta(?:l)?\b"
     r"|\btavaly(?:i)?(?:\s+ev(?:ben|re|i)?)?\b|\b(?:mult|elozo)\s+ev(?:ben|re|i)?\b|\bpraejusi\w*\s+met\w*|\bpernai\b|\bpagajusaja\s+gada\b"
     r"|\bминул\w*\s+(?:року|рік|році)\b|\bторік\b|\bпрошл\w*\s+(?:году|года|год)\b|\bπερσι\b|\bπερυσι\b"
     r"|\b(?:περασμεν|προηγουμεν)\w*\s+(?:ετο|ετου|χρονι|χρον)\w*",
     lambda m, as_of: _year(as_of.year - 1)),
    (r"\btana\s+vuonna\b|\bkuluva\w*\s+vuo\w*|\bsel\s+aastal\b|\bkaesoleval\s+aastal\b|\biden\b|\bebben\s+az\s+evben\b|\bsiais\s+metais\b"
     r"|\bцього\s+року\b|\bпоточн\w*\s+(?:року|рік)\b|\bв\s+этом\s+году\b|\bэтого\s+года\b|\bφετοσ\b|\bφετιν\w*",
     lambda m, as_of: _year(as_of.year)),
    (r"\b(?:viime|edellise\w*)\s+(?:vuosi)?neljannek\w*|\beelmis\w*\s+kvartal\w*|\b(?:mult|elozo)\s+negyedev\w*|\bpraejusi\w*\s+ketvir\w*"
     r"|\bpagajus\w*\s+ceturksn\w*|\b(?:минул|попередн)\w*\s+квартал\w*|\b(?:прошл|предыдущ)\w*\s+квартал\w*"
     r"|\b(?:περασμεν|προηγουμεν)\w*\s+τριμην\w*",
     lambda m, as_of: _previous_quarter(as_of)),
    (r"\b(?:viime|edellise\w*)\s+kuu\w*|\beelmis\w*\s+kuu\w*|\b(?:mult|elozo)\s+honap\w*|\bpraejusi\w*\s+menes\w*|\bpagajus\w*\s+menes\w*"
     r"|\b(?:минул|попередн)\w*\s+місяц\w*|\b(?:прошл|предыдущ)\w*\s+месяц\w*|\b(?:περασμεν|προηγουμεν)\w*\s+μην\w*",
     lambda m, as_of: _previous_month(as_of)),
    # other languages' words (accents folded): de, nl, fr, es, it, pt
    (r"\b(?:last|previous|prior)\s+(?:(?:fiscal|financial)\s+)?year\b|\bloni\b|\blonsk\w*\b|\bminul\w*\s+rok\w*\b"
     r"|\bletzte[snm]?\s+jahr\w*|\bvorjahr\w*|\bvorig\s+jaar\b|\bvorige\s+jaar\b|\bannee\s+derniere\b"
     r"|\bano\s+pasado\b|\banno\s+scorso\b|\bano\s+passado\b|\b(?:w\s+)?(?:zeszlym|ubieglym|poprzednim)\s+roku\b"
     r"|\bforra\s+aret\b|\bifjol\b|\btahun\s+lalu\b|\bnam\s+ngoai\b|\bnam\s+truoc\b"
     r"|\bprosl[ea]\s+godin[ea]\b|\btahun\s+lepas\b|\b(?:noong\s+)?nakaraang\s+taon\b|\bmwaka\s+(?:jana|uliopita)\b"
     r"|\bpichh?l[ea]\s+saal\b|\bany\s+passat\b|\bvlani\b|\banul\s+trecut\b|\bjoan\s+den\s+urte(?:an|a)?\b|\biaz\b|\bverlede\s+jaar\b|\bi\s+fyrra\b"
     r"|\bvit(?:in|it|i)\s+(?:e|te|i)\s+kaluar\b|\bkecən\s+il\b|\bo.?tgan\s+yil\w*|\bминатата\s+година\b|\bөткен\s+жыл\w*|\bგასულ\s+წელს\b|\bանցյալ\s+տարի\b",
     lambda m, as_of: _year(as_of.year - 1)),
    (r"\b(?:this|current)\s+(?:(?:fiscal|financial)\s+)?year\b|\bletos\w*\b|\btento\s+rok\b|\bdieses\s+jahr\b|\bdit\s+jaar\b"
     r"|\bcette\s+annee\b|\beste\s+ano\b|\bquest\W?anno\b", lambda m, as_of: _year(as_of.year)),
    (r"\b(?:last|previous|prior)\s+quarter\b|\bminul\w*\s+ctvrtleti\b|\bletzte[snm]?\s+quartal\b|\bvorquartal\b"
     r"|\bvorig\s+kwartaal\b|\btrimestre\s+(?:dernier|pasado|scorso|passado)\b|\bdernier\s+trimestre\b"
     r"|\b(?:zeszlym|ubieglym|poprzednim)\s+kwartale\b|\bforra\s+kvartalet\b|\bkuartal\s+lalu\b|\bquy\s+truoc\b"
     r"|\bprosl(?:i|og)\s+kvartal\w*|\bsuku\s+(?:tahun\s+)?lepas\b|\bnakaraang\s+quarter\b|\brobo\s+(?:mwaka\s+)?iliyopita\b"
     r"|\bpichh?l[ea]\s+quarter\b|\btrimestre\s+passat\b|\bultim\s+trimestre\b|\bultimo\s+trimestre\b"
     r"|\b(?:joan\s+den|aurreko)\s+hiruhileko(?:an|a)?\b|\bverlede\s+kwartaal\b|\bsidasta\s+arsfjord\w*"
     r"|\btremujor\w*\s+(?:e|te|i)\s+kaluar\b|\bkecən\s+rub\w*|\bo.?tgan\s+chorak\w*|\bминатиот\s+квартал\b|\bөткен\s+тоқсан\w*|\bանցյալ\s+եռամսյակ\w*"
     r"|\bგასულ\s+კვარტალ\w*",
     lambda m, as_of: _previous_quarter(as_of)),
    (r"\b(?:last|previous|prior)\s+month\b|\bminul\w*\s+mesic\w*\b|\bletzte[snm]?\s+monat\b|\bvormonat\b"
     r"|\bvorige\s+maand\b|\bmois\s+dernier\b|\bmes\s+(?:pasado|passado)\b|\bmese\s+scorso\b"
     r"|\b(?:zeszlym|ubieglym|poprzednim)\s+miesiacu\b|\bforra\s+manaden\b|\bb(?:ulan|ln)\s+(?:lalu|kemarin|kmrn)\b|\bthang\s+truoc\b"
     r"|\bprosl(?:i|og)\s+mesec\w*|\bbulan\s+lepas\b|\bnakaraang\s+buwan\b|\bmwezi\s+uliopita\b|\bpichh?l[ea]\s+mahin[ae]\b"
     r"|\bmes\s+passat\b|\bluna\s+trecuta\b|\bjoan\s+den\s+hile(?:an|a)?\b|\baurreko\s+hile(?:an|a)?\b|\bverlede\s+maand\b|\bsidasta\s+manud\w*"
     r"|\bmuaj(?:in|i|it)\s+(?:e|te|i)\s+kaluar\b|\bkecən\s+ay\b|\bo.?tgan\s+oy\w*|\bминатиот\s+месец\b|\bөткен\s+а[йи]\w*|\bგასულ\s+თვეს\b|\bանցյալ\s+ամիս\w*",
     lambda m, as_of: _previous_month(as_of)),
    # Turkish (geçen: last; bu: this) and Polish this year/month/quarter
    (r"\bgecen\s+(?:yil|sene)\w*", lambda m, as_of: _year(as_of.year - 1)),
    (r"\bgecen\s+ceyre[kg]\w*", lambda m, as_of: _previous_quarter(as_of)),
    (r"\bgecen\s+ay(?:ki|da|in|dan|lik)?\b", lambda m, as_of: _previous_month(as_of)),
    (r"\bgecen\s+hafta\w*", lambda m, as_of: _iso_week(*(as_of - timedelta(days=7)).isocalendar()[:2])),
    (r"\bbu\s+(?:yil|sene)\w*|\bw\s+tym\s+roku\b|\bbiezacy\s+rok\b", lambda m, as_of: _year(as_of.year)),
    (r"\bbu\s+ceyre[kg]\w*|\bw\s+tym\s+kwartale\b|\bbiezacy\s+kwartal\b", lambda m, as_of: _quarter(as_of.year, (as_of.month - 1) // 3 + 1)),
    (r"\bbu\s+ay(?:ki|da|in|dan|lik)?\b|\bw\s+tym\s+miesiacu\b|\bbiezacy\s+miesiac\b", lambda m, as_of: _month(as_of.year, as_of.month)),
    # a year, then a numbered quarter: "2025 2. çeyreğinde", "2025 r. 2. kwartał"
    (rf"\b{_Y}(?:['\u2019]\w{{1,3}}|\s+yilinin|\s+r\.)?\s+([1-4])\.\s*(?:{_QUARTER_WORDS})", lambda m, as_of: _quarter(int(m[1]), int(m[2]))),
    # Danish, Norwegian, Swedish, Icelandic, Finnish (accents folded): last and this year, quarter, month, week
    (r"\b(?:sidste|forrige|forra)\s+ar(?:et)?\b|\bi\s+fjor\b|\bi\s+fjol\b|\bifjor\b|\bsidasta\s+ar(?:i)?\b",
     lambda m, as_of: _year(as_of.year - 1)),
    (r"\b(?:i|dette|detta|indevaerende|innevaerende|innevarande)\s+ar(?:et)?\b|\b(?:tana|kuluvana)\s+vuonna\b",
     lambda m, as_of: _year(as_of.year)),
    (r"\b(?:sidste|forrige|forra)\s+kvartal(?:et|s)?\b", lambda m, as_of: _previous_quarter(as_of)),
    (r"\b(?:dette|detta|denne|indevaerende|innevaerende|innevarande|nuvaerende|nuvarende|nuvarande)\s+kvartal(?:et)?\b"
     r"|\btalla\s+neljannek\w*", lambda m, as_of: _quarter(as_of.year, (as_of.month - 1) // 3 + 1)),
    (r"\b(?:sidste|forrige)\s+maned(?:s)?\b|\bforra\s+manad(?:en|ens)?\b", lambda m, as_of: _previous_month(as_of)),
    (r"\b(?:denne|denna|indevaerende|innevaerende|innevarande)\s+man(?:ed|ad|aden)\b|\btassa\s+kuussa\b",
     lambda m, as_of: _month(as_of.year, as_of.month)),
    (r"\b(?:sidste|forrige)\s+(?:uge|uke)(?:s|ns)?\b|\bforra\s+veckan?\b|\b(?:viime|edellisella)\s+viikolla\b"
     r"|\b(?:i\s+)?sidustu\s+viku\b",
     lambda m, as_of: _iso_week(*(as_of - timedelta(days=7)).isocalendar()[:2])),
    (r"\b(?:denne|denna)\s+(?:uge|uke|vecka)\b|\btalla\s+viikolla\b",
     lambda m, as_of: _iso_week(*as_of.isocalendar()[:2])),
    # a range of months without a year ("from Sep to Nov", "between January and March", "de enero a marzo"):
    # the latest such range that has begun by as_of
    (rf"\b(?:between|entre|zwischen|tra|tussen|mellan|mellem|mezi)\s+({_MONTH_RE})\.?\s+(?:and|y|e|und|et|en|i|a)\s+({_MONTH_RE})\b{_NO_YEAR_AFTER}",
     lambda m, as_of: _months_without_year(_MONTHS[m[1]], _MONTHS[m[2]], as_of)),
    (rf"\b(?:from|de|desde|da|dal|du|del|von|vom|van|od|fra|fran)\s+({_MONTH_RE})\.?\s+(?:a|au|al)\s+({_MONTH_RE})\b{_NO_YEAR_AFTER}",
     lambda m, as_of: _months_without_year(_MONTHS[m[1]], _MONTHS[m[2]], as_of)),
    (rf"\b({_MONTH_RE})\.?\s*(?:to|until|till|through|thru|-|–|—|bis|hasta|tot|do|fino\s+a|jusqu\W?(?:en|a)|till)\s*({_MONTH_RE})\b{_NO_YEAR_AFTER}",
     lambda m, as_of: _months_without_year(_MONTHS[m[1]], _MONTHS[m[2]], as_of)),
    (rf"\b(?:in|during|for|v|ve)\s+({_MONTH_RE})\b(?!\s+\d)",
     lambda m, as_of: _month(_last_past_month(_MONTHS[m[1]], as_of), _MONTHS[m[1]])),
    # last week: the ISO week (Monday to Sunday) before as_of's
    (r"\b(?:last|previous|prior)\s+week\b|\bsemana\s+pasada\b|\bsemana\s+passada\b|\bsemaine\s+derniere\b|\bsettimana\s+scorsa\b"
     r"|\bletzte[nr]?\s+woche\b|\bvorige\s+week\b|\bminul\w*\s+tyd\w*\b|\bzeszl\w*\s+tygodni\w*\b|\bforra\s+veckan\b",
     lambda m, as_of: _iso_week(*(as_of - timedelta(days=7)).isocalendar()[:2])),
    (r"\b(?:next|coming|following)\s+year\b|\bpristi\w*\s+rok\w*\b|\bnachste[snm]?\s+jahr\b|\bannee\s+prochaine\b"
     r"|\bproximo\s+ano\b", lambda m, as_of: _year(as_of.year + 1)),
    (r"\b(?:next|coming|following)\s+quarter\b|\bpristi\w*\s+ctvrtleti\b", lambda m, as_of: _next_quarter(as_of)),
    (r"\b(?:next|coming|following)\s+month\b|\bpristi\w*\s+mesic\w*\b", lambda m, as_of: _next_month(as_of)),
    # to date, and trailing windows ending on as_of
    (r"\b(?:ytd|year[\s-]to[\s-]date)\b", lambda m, as_of: Period(date(as_of.year, 1, 1), as_of, "year to date")),
    # "since the start of the year" in other words and languages (the year unnamed: the current one)
    (r"\b(?:since\s+(?:the\s+)?(?:start|beginning)\s+of\s+(?:the|this)\s+year|depuis\s+le\s+debut\s+(?:de\s+l\W?annee|d\W?annee)"
     r"|desde\s+(?:el\s+)?(?:inicio|principio|comienzo)\s+(?:del|de\s+este)\s+ano|desde\s+o\s+inicio\s+do\s+ano|seit\s+jahres(?:beginn|anfang)"
     r"|dall\W?inizio\s+dell\W?anno|sinds\s+(?:het\s+)?begin\s+van\s+(?:het|dit)\s+jaar|od\s+(?:poczatku|zacatku|zaciatku)\s+(?:tego\s+)?roku"
     r"|yil\s+boshidan(?:\s+beri)?|yilbasindan(?:\s+beri)?|sejak\s+awal\s+tahun(?:\s+ini)?|tu\s+dau\s+nam(?:\s+nay|\s+den\s+nay)?)\b",
     lambda m, as_of: Period(date(as_of.year, 1, 1), as_of, "year to date")),
    (r"(?:\bс\s+начала\s+(?:этого\s+|текущего\s+)?года\b|\bз\s+початку\s+(?:цього\s+|поточного\s+)?року\b|\bжыл\s+басынан(?:\s+бері)?"
     r"|今年以来|年初至今|年初以来|今年に入って|年初から|올해\s*들어|연초\s*이후)",
     lambda m, as_of: Period(date(as_of.year, 1, 1), as_of, "year to date")),
    (r"\b(?:qtd|quarter[\s-]to[\s-]date)\b",
     lambda m, as_of: Period(date(as_of.year, 3 * ((as_of.month - 1) // 3) + 1, 1), as_of, "quarter to date")),
    (r"\b(?:mtd|month[\s-]to[\s-]date)\b", lambda m, as_of: Period(as_of.replace(day=1), as_of, "month to date")),
    (r"\b(?:last|past|previous|prior|trailing)\s+(\d{1,3})\s+(day|week|month|year)s?\b",
     lambda m, as_of: _trailing(int(m[1]), m[2], as_of)),
    (r"\b(?:ttm|ltm)\b", lambda m, as_of: _trailing(12, "month", as_of)),
    (r"\b(?:last|past|previous|prior)\s+fortnight\b", lambda m, as_of: _trailing(14, "day", as_of)),
    # 令和7年6月, 令和7年
    (r"(令和|平成)\s*(\d{1,2}|元)\s*年\s*(\d{1,2})\s*月(?!\s*\d)", lambda m, as_of: _month(_era_year(m[1], m[2]), int(m[3]))),
    (r"(令和|平成)\s*(\d{1,2}|元)\s*年(?!\s*\d)", lambda m, as_of: _year(_era_year(m[1], m[2]))),
    (r"(?<!\d)(\d{2})\s*년\s*(\d{1,2})\s*월(?!\s*\d)", lambda m, as_of: _month(2000 + int(m[1]), int(m[2]))),
    (r"\bpichh?l[ea]\s+(\d{1,3})\s+(din|hafte|mahin[ae]|saal)\b",
     lambda m, as_of: _trailing(int(m[1]), {"din": "day", "hafte": "week", "saal": "year"}.get(m[2], "month"), as_of)),
    (r"\b(?:this|current)\s+month\b|\btento\s+mesic\b|\bdiese[nm]?\s+monat\b|\baktuelle[nm]?\s+monat\b|\bdeze\s+maand\b"
     r"|\bce\s+mois\b|\beste\s+mes\b|\bquesto\s+mese\b",
     lambda m, as_of: _month(as_of.year, as_of.month)),
    (r"\b(?:this|current)\s+quarter\b|\btoto\s+ctvrtleti\b|\bdiese[sm]?\s+quartal\b|\baktuelle[nms]?\s+quartal\b"
     r"|\bdit\s+kwartaal\b|\bce\s+trimestre\b|\beste\s+trimestre\b|\bquesto\s+trimestre\b|\btrimestre\s+(?:actual|en\s+cours|corrente|atual)\b",
     lambda m, as_of: _quarter(as_of.year, (as_of.month - 1) // 3 + 1)),
    (rf"\b(?:last|past|previous|prior|trailing)\s+({_EN_COUNT_RE})\s+(day|week|month|year)s?\b",
     lambda m, as_of: _trailing(_count(m[1]), m[2], as_of)),
    # a quarter or half named without its year ("in Q3", "Q3 revenue"): the latest one that has begun by as_of
    (rf"\b({_ORDINAL_RE})\s+(?:{_QUARTER_WORDS})\b(?!\s*(?:of\s+)?\d)",
     lambda m, as_of: _quarter(_last_past_month(3 * _ORDINALS[m[1]] - 2, as_of), _ORDINALS[m[1]])),
    (rf"\b({_ORDINAL_RE})\s+(?:{_HALF_WORDS})\b(?!\s*(?:of\s+)?\d)",
     lambda m, as_of: _half(_last_past_month(6 * _ORDINALS[m[1]] - 5, as_of), _ORDINALS[m[1]])),
    (r"(?:\b(?:in|during|for|v|ve|of)\s+(?:the\s+)?|(?<![\w.#/-]))q([1-4])\b(?!\s*[/ '\u2019-]?\s*\d)",
     lambda m, as_of: _quarter(_last_past_month(3 * int(m[1]) - 2, as_of), int(m[1]))),
    (r"(?:\b(?:in|during|for|v|ve|of)\s+(?:the\s+)?|(?<![\w.#/-]))h([12])\b(?!\s*[/ '\u2019-]?\s*\d)",
     lambda m, as_of: _half(_last_past_month(6 * int(m[1]) - 5, as_of), int(m[1]))),
]


def _previous_quarter(as_of: date) -> Period:
    q = (as_of.month - 1) // 3 + 1
    return _quarter(as_of.year - 1, 4) if q == 1 else _quarter(as_of.year, q - 1)


def _next_quarter(as_of: date) -> Period:
    q = (as_of.month - 1) // 3 + 1
    return _quarter(as_of.year + 1, 1) if q == 4 else _quarter(as_of.year, q + 1)


def _next_month(as_of: date) -> Period:
    first = (as_of.replace(day=28) + timedelta(days=4)).replace(day=1)
    return _month(first.year, first.month)


def _months_before(day: date, months: int) -> date:
    total = day.year * 12 + day.month - 1 - months
    year, month = divmod(total, 12)
    return date(year, month + 1, min(day.day, calendar.monthrange(year, month + 1)[1]))


def _trailing(n: int, unit: str, as_of: date) -> Period:
    """The last n days / weeks / months / years, ending on as_of."""
    if unit == "day":
        start = as_of - timedelta(days=n - 1)
    elif unit == "week":
        start = as_of - timedelta(days=7 * n - 1)
    else:
        start = _months_before(as_of, n * (12 if unit == "year" else 1)) + timedelta(days=1)
    return Period(start, as_of, f"the last {n} {unit}{'s' if n != 1 else ''} to {as_of.isoformat()}")


def _previous_month(as_of: date) -> Period:
    first = as_of.replace(day=1) - timedelta(days=1)
    return _month(first.year, first.month)


# Each point pattern has a check that its match is a possible date, on any as_of: an impossible
# one (31.02.2025, 31 June) is not a date, claims no text and is reported as unread; a word that
# is a date only in another language (None) is passed over. Only the relative forms read as_of.
_ABSOLUTE = lambda m, build: build(m, None) is not None  # noqa: E731 - reads no as_of
_ALWAYS = lambda m, build: True  # noqa: E731
_DATE_FORMS = [
    # ... with an ISO time of day after it (2025-06-30T00:00:00Z): the date is what counts
    (r"\b((?:19|20)\d{2})([-/.])(\d{1,2})\2(\d{1,2})(?:t\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:z|[+-]\d{2}(?::?\d{2})?)?)?\b",
     lambda m, as_of: _safe_date(int(m[1]), int(m[3]), int(m[4])), _ABSOLUTE),
    (r"\b((?:19|20)\d{2})(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])\b",  # ISO basic: 20250630
     lambda m, as_of: _safe_date(int(m[1]), int(m[2]), int(m[3])), _ABSOLUTE),
    (r"((?:19|20)\d{2})\s*\u5e74\s*(\d{1,2})\s*\u6708\s*(\d{1,2})\s*\u65e5",  # 2025年6月30日
     lambda m, as_of: _safe_date(int(m[1]), int(m[2]), int(m[3])), _ABSOLUTE),
    (r"\b(?:ngay\s+)?(\d{1,2})\s+thang\s+(\d{1,2})\s*(?:nam\s+|,\s*)?((?:19|20)\d{2})\b",  # ngày 30 tháng 6 năm 2025
     lambda m, as_of: _safe_date(int(m[3]), int(m[2]), int(m[1])), _ABSOLUTE),
    (r"((?:19|20)\d{2})\s*년\s*(\d{1,2})\s*월\s*(\d{1,2})\s*일",  # 2025년 6월 30일
     lambda m, as_of: _safe_date(int(m[1]), int(m[2]), int(m[3])), _ABSOLUTE),
    (r"(?<!\d)(\d{2})\s*년\s*(\d{1,2})\s*월\s*(\d{1,2})\s*일",  # 25년 7월 1일
     lambda m, as_of: _safe_date(2000 + int(m[1]), int(m[2]), int(m[3])), _ABSOLUTE),
    # Japanese era years (令和7年 is 2025, 平成31年 is 2019) and Korean two-digit years ("25년 6월 말": end of June 2025)
    (r"(令和|平成)\s*(\d{1,2}|元)\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日",
     lambda m, as_of: _safe_date(_era_year(m[1], m[2]), int(m[3]), int(m[4])), _ABSOLUTE),
    (r"(?<!\d)(\d{2})\s*년\s*(\d{1,2})\s*월\s*(?:말|마지막\s*날)", lambda m, as_of: _month_end(2000 + int(m[1]), int(m[2])),
     lambda m, build: 1 <= int(m[2]) <= 12),
    (r"((?:19|20)\d{2})\s*년\s*(\d{1,2})\s*월\s*(?:말|마지막\s*날)", lambda m, as_of: _month_end(int(m[1]), int(m[2])),
     lambda m, build: 1 <= int(m[2]) <= 12),
    # a day and month written with a slash and no year, in the one order the numbers allow ("as at 30/6"):
    # the latest such day on or before as_of
    # ... and with its year after a dash or space ("15/11-2023", "31/3 2025")
    # "den 1/10-2025" (Danish, Norwegian): a dash before the year is written only day first
    (r"(?<![\d/.-])(0?[1-9]|[12]\d|3[01])/(0?[1-9]|1[0-2])-((?:19|20)\d{2})\b",
     lambda m, as_of: _safe_date(int(m[3]), int(m[2]), int(m[1])), _ABSOLUTE),
    (r"(?<![\d/.-])(1[3-9]|2\d|3[01])/(0?[1-9]|1[0-2])\s+((?:19|20)\d{2})\b",
     lambda m, as_of: _safe_date(int(m[3]), int(m[2]), int(m[1])), _ABSOLUTE),
    (r"(?<![\d/.-])(1[3-9]|2\d|3[01])/(0?[1-9]|1[0-2])(?![\d/])(?!\s*[-.,]?\s*(?:19|20)\d{2})",
     lambda m, as_of: _last_past_day(int(m[2]), int(m[1]), as_of), lambda m, build: _safe_date(2000, int(m[2]), int(m[1])) is not None),
    (r"(?<![\d/.-])(0?[1-9]|1[0-2])/(1[3-9]|2\d|3[01])(?![\d/])(?!\s*[-.,]?\s*(?:19|20)\d{2})",
     lambda m, as_of: _last_past_day(int(m[1]), int(m[2]), as_of), lambda m, build: _safe_date(2000, int(m[1]), int(m[2])) is not None),
    # the latest month, quarter or year end on or before as_of ("at EOM", "EOQ numbers")
    (r"\b(eom|eoq|eoy)\b(?!\s*(?:of\s+)?(?:" + _MONTH_RE + r"|q[1-4]|h[12]|fy|(?:19|20)\d{2}))", lambda m, as_of: _latest_end(m[1], as_of), _ALWAYS),
    # "6月末", "2025年6月末", "6월 말": the end of a month (the latest one, without a year)
    (r"(?:((?:19|20)\d{2})\s*[年년]\s*)?(\d{1,2})\s*[月월]\s*(?:末|말)",
     lambda m, as_of: _month_end(int(m[1]), int(m[2])) if m[1] else _month_edge(int(m[2]), as_of, end=True),
     lambda m, build: 1 <= int(m[2]) <= 12),
    # "3月31日", "3월 31일" without a year: the latest such day on or before as_of (the next one in a
    # question about what will be)
    (r"(?<![年년\d])(?<![年년]\s)(\d{1,2})\s*[月월]\s*(\d{1,2})\s*[日일号號]",
     lambda m, as_of: _day_without_year(int(m[1]), int(m[2]), m, as_of),
     lambda m, build: _safe_date(2000, int(m[1]), int(m[2])) is not None),
    # "去年の9/1時点", "今年の3/31": a month and day (Japanese order) of last or this year
    (r"(去年|昨年|今年|本年)の?\s*(\d{1,2})\s*/\s*(\d{1,2})(?![\d/])",
     lambda m, as_of: _safe_date(as_of.year - (1 if m[1] in ("去年", "昨年") else 0), int(m[2]), int(m[3])),
     lambda m, build: _safe_date(2000, int(m[2]), int(m[3])) is not None),
    # yesterday and today in Japanese, Chinese, Korean
    ("昨日|昨天|어제", lambda m, as_of: as_of - timedelta(days=1), _ALWAYS),
    ("今日|今天|本日|오늘", lambda m, as_of: as_of, _ALWAYS),
    (_any_of("เมื่อวานนี้", "เมื่อวาน"), lambda m, as_of: as_of - timedelta(days=1), _ALWAYS),
    (_any_of("วันนี้", "เมื่อเช้านี้", "เช้านี้"), lambda m, as_of: as_of, _ALWAYS),
    # Nepali and Marathi yesterday and today
    ("(?:हिजोको|हिजो|कालचया|काल)", lambda m, as_of: as_of - timedelta(days=1), _ALWAYS),
    ("(?:आजको|आजचया|आज)", lambda m, as_of: as_of, _ALWAYS),
    (r"\b(\d{1,2})\.\s*(\d{1,2})\.\s*((?:19|20)\d{2})\b", lambda m, as_of: _safe_date(int(m[3]), int(m[2]), int(m[1])), _ABSOLUTE),
    # "per 30.9.", "Stand 31.12.", "am 1.10.": day and month without a year, after a word that introduces a date
    (r"\b(?:per|am|zum|stand|vom|den|dem|bis|ab|op|tegen|au|le|al|el|il)\s+(\d{1,2})\.(\d{1,2})\.(?![\d.])",
     lambda m, as_of: _last_past_day(int(m[2]), int(m[1]), as_of), lambda m, build: _safe_date(2000, int(m[2]), int(m[1])) is not None),
    # "Ende Jänner", "end of March", "eind september", "fin de mars": the edge of the latest such month
    (rf"\b(?:(ende|end\s+of|eind|fin\s+de|finales\s+de|fine)|(anfang|start\s+of|begin|debut\s+de|inicio\s+de|inizio))\s+({_MONTH_RE})\b(?!\s*[.,'\u2019]?\s*\d)",
     lambda m, as_of: _month_edge(_MONTHS[m[3]], as_of, end=bool(m[1])), _ALWAYS),
    # "'25.9.30": a two-digit year written first, after an apostrophe (Korean, Japanese)
    (r"['\u2019](\d{2})\.\s?(\d{1,2})\.\s?(\d{1,2})(?![\d.]|\.\d)", lambda m, as_of: _safe_date(2000 + int(m[1]), int(m[2]), int(m[3])), _ABSOLUTE),
    # "per 1.7.25": day, month, two-digit year; in Korean, Chinese or Japanese the year comes first ("25.9.30 기준")
    (r"(?<![\d.])(\d{1,2})\.(\d{1,2})\.(\d{2})(?![\d.]|\.\d)", lambda m, as_of: _safe_date(2000 + int(m[1]), int(m[2]), int(m[3]))
     if EAST_ASIAN.search(m.string) else _safe_date(2000 + int(m[3]), int(m[2]), int(m[1])), _ABSOLUTE),
    (_SLASH_DATE, lambda m, as_of: _slash_date(int(m[1]), int(m[3]), int(m[4])), _ABSOLUTE),
    # "30/6/25" with its year in two digits: read only where the first number can only be a day and the question
    # is not taken for English ("6/30/25" stays unread)
    (r"(?<![\d/.-])(1[3-9]|2\d|3[01])/(0?[1-9]|1[0-2])/(\d{2})(?![\d/.-])",
     lambda m, as_of: _safe_date(2000 + int(m[3]), int(m[2]), int(m[1])),
     lambda m, build: True if _ENGLISH_WORD.search(m.string) is None else None),
    (rf"\b(\d{{1,2}}){_ORD}\.?\s+{_OF}({_MONTH_RE})\.?,?\s+{_OF}{_Y}\b",
     lambda m, as_of: _safe_date(int(m[3]), _MONTHS[m[2]], int(m[1])), _ABSOLUTE),
    # Yoruba names a month by its number: "ọjọ́ 1 oṣù kẹrin 2025" (day 1 of the fourth month)
    (rf"\bojo\s+(\d{{1,2}})\s+osu\s+({'|'.join(_YORUBA_MONTHS)})\s+(?:odun\s+)?{_Y}\b",
     lambda m, as_of: _safe_date(int(m[3]), _YORUBA_MONTHS[m[2]], int(m[1])), _ABSOLUTE),
    # Amharic: "ኦክቶበር 1 ቀን 2026" (October, day 1, 2026)
    (rf"(?=[\u1200-\u137f])({_MONTH_RE})\s+(\d{{1,2}})\s+ቀን\s*,?\s*{_Y}\b", lambda m, as_of: _safe_date(int(m[3]), _MONTHS[m[1]], int(m[2])), _ABSOLUTE),
    # year, month, day: "2025 ජූනි 30", "2025 ஜூன் 30" (as Sri Lanka writes them)
    (rf"\b{_Y}\s+({_MONTH_RE})\s+(\d{{1,2}})(?![\d:.,/-])", lambda m, as_of: _safe_date(int(m[1]), _MONTHS[m[2]], int(m[3])), _ABSOLUTE),
    # "31st July '25", "July 31st, '25": a two-digit year after an apostrophe
    (rf"\b(\d{{1,2}}){_ORD}\.?\s+{_OF}({_MONTH_RE})\.?,?\s*{_YY}",
     lambda m, as_of: _safe_date(2000 + int(m[3]), _MONTHS[m[2]], int(m[1])), _ABSOLUTE),
    (rf"\b({_MONTH_RE})\.?\s+(\d{{1,2}}){_ORD},?\s*{_YY}", lambda m, as_of: _safe_date(2000 + int(m[3]), _MONTHS[m[1]], int(m[2])), _ABSOLUTE),
    (rf"\b({_MONTH_RE})\.?\s+(\d{{1,2}}){_ORD},?\s+{_Y}\b", lambda m, as_of: _safe_date(int(m[3]), _MONTHS[m[1]], int(m[2])), _ABSOLUTE),
    (rf"(\d{{1,2}})\s*({_MONTH_RE})\s*(?:พ\s*\.\s*ศ\s*\.\s*)?(2[45]\d{{2}})",  # Thai, Buddhist era: 2568 is 2025
     lambda m, as_of: _safe_date(int(m[3]) - 543, _MONTHS[m[2]], int(m[1])), _ABSOLUTE),
    # Georgian, Kazakh, Armenian, year first: "2026 წლის 1 იანვარს", "2025 жылғы 10 қыркүйекке", "2026թ. հունվարի 1"
    (rf"\b{_Y}\s*(?:წლის|жылғы|жылы|թ\.?)\s+(\d{{1,2}})(?:-?ին)?\s+({_MONTH_RE})",
     lambda m, as_of: _safe_date(int(m[1]), _MONTHS[m[3]], int(m[2])), _ABSOLUTE),
    (rf"\b{_Y}\s*(?:წლის|жылғы|жылы|թ\.?)\s+({_MONTH_RE})\s+(\d{{1,2}})",
     lambda m, as_of: _safe_date(int(m[1]), _MONTHS[m[2]], int(m[3])), _ABSOLUTE),
    # year first, the month in words, then the day: "2024 ഏപ്രിൽ 1" (Malayalam), "2025 June 30"
    (rf"\b{_Y}\s+({_MONTH_RE})\s+(\d{{1,2}})(?![\d.,:]\d)", lambda m, as_of: _safe_date(int(m[1]), _MONTHS[m[2]], int(m[3])), _ABSOLUTE),
    # Khmer "ថ្ងៃទី30 ខែមិថុនា ឆ្នាំ2025" (day, "month" month, "year" year); Burmese, year first:
    # "၂၀၂၅ ခုနှစ် စက်တင်ဘာလ ၃၀ ရက်" (year, month with "month", day with "day")
    (rf"(\d{{1,2}})\s*(?:{fold('ខែ')})?\s*({_MONTH_RE})\s*(?:{fold('ឆ្នាំ')})\s*((?:19|20)\d{{2}})",
     lambda m, as_of: _safe_date(int(m[3]), _MONTHS[m[2]], int(m[1])), _ABSOLUTE),
    (rf"((?:19|20)\d{{2}})\s*(?:{fold('ခုနှစ်')})?\s*({_MONTH_RE})\s*(?:{fold('လ')})?\s*(\d{{1,2}})\s*(?:{fold('ရက်')})",
     lambda m, as_of: _safe_date(int(m[1]), _MONTHS[m[2]], int(m[3])), _ABSOLUTE),
    # Uzbek, year first, the month with its case ending: "2025-yil 1-apreldan", "2026-yil 1-yanvar holatiga"
    (rf"\b{_Y}\s*-?\s*yil(?:i|ning|da)?\s+(\d{{1,2}})\s*-\s*({_MONTH_RE})",
     lambda m, as_of: _safe_date(int(m[1]), _MONTHS[m[3]], int(m[2])), _ABSOLUTE),
    # Basque, year first: "2025eko azaroaren 8an", "2025eko azaroaren 8ko"
    (rf"\b((?:19|20)\d{{2}})(?:eko|ko)\s+({_MONTH_RE})\s+(\d{{1,2}})(?:[a-z]{{0,4}})\b",
     lambda m, as_of: _safe_date(int(m[1]), _MONTHS[m[2]], int(m[3])), _ABSOLUTE),
    # Lithuanian and Latvian, year first: "2025 m. birželio 30 d.", "2025. gada 30. jūnijā"
    (rf"\b{_Y}\s*m\.\s*({_MONTH_RE})\s+(\d{{1,2}})\s*d\b\.?", lambda m, as_of: _safe_date(int(m[1]), _MONTHS[m[2]], int(m[3])), _ABSOLUTE),
    (rf"\b{_Y}\.\s*gada\s+(\d{{1,2}})\.\s*({_MONTH_RE})\b", lambda m, as_of: _safe_date(int(m[1]), _MONTHS[m[3]], int(m[2])), _ABSOLUTE),
    # Hungarian, year first in numbers: "2026. 08. 31-i", "2026.08.31."
    (rf"\b{_Y}\.\s*(0?[1-9]|1[0-2])\.\s*(\d{{1,2}})\b(?:-\w{{1,4}}\b|\.)?", lambda m, as_of: _safe_date(int(m[1]), int(m[2]), int(m[3])), _ABSOLUTE),
    # Hungarian, year first: "2025. június 30.", "2025. szeptember 30-án" (with its case ending)
    (rf"\b{_Y}\.\s*({_MONTH_RE})\s+(\d{{1,2}})\b(?:-\w{{1,4}}\b|\.)?", lambda m, as_of: _safe_date(int(m[1]), _MONTHS[m[2]], int(m[3])), _ABSOLUTE),
    (rf"\b(\d{{1,2}})([-/])({_MONTH_RE})\2{_Y}\b", lambda m, as_of: _safe_date(int(m[4]), _MONTHS[m[3]], int(m[1])), _ABSOLUTE),
    # a day and month without a year: the latest such day on or before as_of
    (rf"\b({_MONTH_RE})\.?\s+(\d{{1,2}}){_ORD}\b(?!\s*[.,'\u2019]?\s*\d)", lambda m, as_of: _day_without_year(_MONTHS[m[1]], int(m[2]), m, as_of),
     lambda m, build: _safe_date(2000, _MONTHS[m[1]], int(m[2])) is not None),
    (rf"\b(\d{{1,2}}){_ORD}\.?\s+{_OF}({_MONTH_RE})\b(?!\s*[.,'\u2019]?\s*\d)", lambda m, as_of: _day_without_year(_MONTHS[m[2]], int(m[1]), m, as_of),
     lambda m, build: _safe_date(2000, _MONTHS[m[2]], int(m[1])) is not None),
    # Persian "the first of November" ("اول نوامبر"), with or without its year
    (rf"(?<!\w)اول\s+({_MONTH_RE})\s+{_Y}", lambda m, as_of: date(int(m[2]), _MONTHS[m[1]], 1), _ABSOLUTE),
    (rf"(?<!\w)اول\s+({_MONTH_RE})(?!\w)(?!\s*\d)", lambda m, as_of: _day_without_year(_MONTHS[m[1]], 1, m, as_of), _ALWAYS),
    # a day of the month alone: "as of the 3rd", "on the 15th" (the latest such day on or before as_of)
    (rf"\b(?:as\s+(?:of|at)|on|for)\s+the\s+(\d{{1,2}})(?:st|nd|rd|th)\b(?!\s*(?:of\s+)?(?:{_MONTH_RE}|quarter|week|day|month|year|half)\b)",
     lambda m, as_of: _last_day_of_month_numbered(int(m[1]), as_of), lambda m, build: 1 <= int(m[1]) <= 31),
    (r"\b(?:today|heddiw|inniu|dnes|dnesni\w*|heute|vandaag|aujourd\W?hui|hoy|oggi|hoje|dzisiaj|dzis|idag|i\s+dag|tanaan|astazi|azi|bugun|"
     r"hari\s+ini|hom\s+nay|siandien|sodien)\b"
     # Estonian "täna" (today, "täna hommikul"); in Finnish "tänä" is "this" ("tänä vuonna"), today only with a time of day
     r"|\btana\b(?!\s+(?:vuonna|kuussa|keväänä|kevaana|syksyna|kesana|talvena|viikolla|vuoden|neljanneksella))", lambda m, as_of: as_of, _ALWAYS),
    # the night just ended, when nightly jobs run: today's date ("did X build last night?", "letzte Nacht", "anoche")
    (r"\b(?:last\s+night|overnight|letzte\s+nacht|heute\s+nacht|vergangene\s+nacht|anoche|esta\s+madrugada|cette\s+nuit|"
     r"la\s+nuit\s+derniere|stanotte|ieri\s+notte|vannacht|afgelopen\s+nacht|ontem\s+a\s+noite)\b",
     lambda m, as_of: as_of, _ALWAYS),
    # the same words in other scripts, apart: one alternation mixing scripts is several times slower
    (r"\b(?:сегодня|сьогодні|σημερα|اليوم|आज|هالصبح|الصبح|הבוקר)\b", lambda m, as_of: as_of, _ALWAYS),
    # French "hier" only in a French question: it is "here" in German and Dutch
    (r"\bhier\b", lambda m, as_of: as_of - timedelta(days=1), lambda m, build: True if _is_french(m.string) else None),
    (r"\b(?:the\s+day\s+before\s+yesterday|anteontem|anteayer|antier|altro\s*ieri|l\W?altroieri|avant\W?hier|vorgestern|"
     r"eergisteren|predevcirem|przedwczoraj|i\s+forgars|i\s+forgar|toissapaivana|tegnapelott|alaltaieri|"
     r"kemarin\s+lusa|hom\s+kia)\b", lambda m, as_of: as_of - timedelta(days=2), _ALWAYS),
    (r"\b(?:позавчера|позавчора|προχθεσ|προχτεσ|اول\s+امس)\b", lambda m, as_of: as_of - timedelta(days=2), _ALWAYS),
    (r"\b(?:yesterday|yday|ystd|yest|vcera|vcerejsi\w*|gestern|gisteren|ayer|ieri|ontem|wczoraj|igar|i\s+gar|eilen|tegnap|dun|kemarin|hom\s+qua|eile|vakar|vakardien)\b",
     lambda m, as_of: as_of - timedelta(days=1), _ALWAYS),
    (r"\b(?:вчера|вчора|χθεσ|χτεσ|امس|البارحة|јуче|јучер)\b", lambda m, as_of: as_of - timedelta(days=1), _ALWAYS),
    # Serbian, Malay, Tagalog, Swahili ("jana", not "mwaka jana": last year); Bengali, Tamil
    (r"\b(?:juce|jucer|semalam|kahapon|ni\s+ana|ddoe|geschter|(?<!mwaka\s)jana|ahir|onte|atzo|gister|i\s+gaer|dje|dunən|kecha)\b|\b(?:გუშინ|երեկ|кеше)\b",
     lambda m, as_of: as_of - timedelta(days=1), _ALWAYS),
    ("(?:" + fold("গতকাল") + "|" + fold("நேற்று") + "|" + fold("ඊයේ") + ")", lambda m, as_of: as_of - timedelta(days=1), _ALWAYS),
    # Khmer, Lao, Burmese yesterday and today
    (_any_of("ម្សិលមិញ", "ມື້ວານນີ້", "ມື້ວານ", "မနေ့က", "မနေ့"), lambda m, as_of: as_of - timedelta(days=1), _ALWAYS),
    (_any_of("ថ្ងៃនេះ", "ມື້ນີ້", "ဒီနေ့", "ယနေ့"), lambda m, as_of: as_of, _ALWAYS),
    # Telugu, Kannada, Malayalam, Gujarati yesterday and today (Punjabi "ਕੱਲ੍ਹ" is also tomorrow: see below)
    (_any_of("నిన్న", "ನಿನ್ನೆ", "ഇന്നലെ", "ഇന്നലത്തെ", "ગઈકાલ", "ગઇકાલ", "ਬੀਤੇ ਕੱਲ੍ਹ"), lambda m, as_of: as_of - timedelta(days=1), _ALWAYS),
    (_any_of("ఈరోజు", "ఈ రోజు", "ఇవాళ", "ಇಂದು", "ಇವತ್ತು", "ഇന്ന്", "ഇന്നത്തെ", "આજે", "આજની", "આજ", "ਅੱਜ"), lambda m, as_of: as_of, _ALWAYS),
    # Punjabi "ਕੱਲ੍ਹ" (yesterday or tomorrow): yesterday before a verb in the past tense ("ਵਰਤਿਆ ਸੀ", "ਹੋਇਆ ਸੀ")
    ("(?:" + fold("ਕੱਲ੍ਹ") + "|" + fold("ਕੱਲ") + r")(?=[^.?!।]*" + fold("ਸੀ") + r")", lambda m, as_of: as_of - timedelta(days=1), _ALWAYS),
    # Urdu and Hindi "kal" is yesterday or tomorrow: yesterday in a sentence in the past tense
    (r"(?:\bکل\b|\bकल\b|\bkal\b)(?=[^.?!؟۔।]*(?:\bتھ[اےی]\b|\bथ[ाेी]|\bth[aie]\b))", lambda m, as_of: as_of - timedelta(days=1), _ALWAYS),
    (r"\b(?:danas|leo|ngayong\s+araw|avui|hoxe|gaur|sot)\b|\b(?:დღეს|այսօր|бүгін|денес)\b|\b(?:днес|данас)\b|آج|" + fold("আজ") + "|" + fold("இன்று") + "|" + fold("අද") + r"(?!\S)",
     lambda m, as_of: as_of, _ALWAYS),
    (r"\b(?:tomorrow|zitra|demain|domani|amanha)\b", lambda m, as_of: as_of + timedelta(days=1), _ALWAYS),
    # "three or four years ago", "2-3 months ago", "acum vreo trei-patru ani": no one day, reported unread
    (rf"\b(?:\d{{1,3}}|{_COUNT_RE})\s*(?:or|to|-|–|oder|ou|o|sau|ili|или)\s*(?:\d{{1,3}}|{_COUNT_RE})\s+(?:day|week|month|year)s?\s+ago\b"
     r"|\bacum\s+(?:vreo|cam|aproximativ|circa)\s+\S+\s+(?:ani|luni|zile|saptamani)\b"
     # ... and "a few years ago" with no number at all
     r"|\b(?:a\s+few|some|several|een\s+paar|enkele|ein\s+paar|einigen|quelques|unos|algunos|qualche|alguns|uns)\s+"
     r"(?:years?|months?|jaar|jahren?|annees|anos|anni|mois|meses|mesi|maanden|monaten?)\s+(?:ago|back|terug|geleden|fa)\b"
     r"|\b(?:vor\s+(?:ein\s+paar|einigen)\s+(?:jahren|monaten)|il\s+y\s+a\s+quelques\s+(?:annees|mois)|hace\s+(?:unos|algunos)\s+(?:anos|meses))\b",
     lambda m, as_of: None, lambda m, build: False),
    (rf"\b(\d{{1,3}}|{_COUNT_RE})\s+(day|week|month|year)s?\s+ago\b", lambda m, as_of: _ago(_count(m[1]), m[2], as_of), _ALWAYS),
    # ... in German, Spanish, French, Portuguese, Italian, Romanian (accents folded)
    (rf"\b(?:vor|hace|il y a|ha|acum)\s+(\d{{1,3}}|{_COUNT_RE})\s+({_UNIT_RE})\b",
     lambda m, as_of: _ago(_count(m[1]), _UNITS[m[2]], as_of), _ALWAYS),
    (rf"\b(\d{{1,3}}|{_COUNT_RE})\s+({_UNIT_RE})\s+fa\b", lambda m, as_of: _ago(_count(m[1]), _UNITS[m[2]], as_of), _ALWAYS),
    # Czech: "před rokem", "před dvěma lety", "před 3 měsíci" (instrumental case)
    (rf"\bpred\s+(?:(\d{{1,3}}|{_COUNT_RE})\s+)?({'|'.join(_CS_UNITS)})\b",
     lambda m, as_of: _ago(_count(m[1]), _CS_UNITS[m[2]], as_of), _ALWAYS),
]
_FISCAL_MARK = re.compile(rf"\b(?:fy|tf|tk)|(?:{_FISCAL_YEAR_WORDS})\b|年度|前期|今期|当期|来期|" + fold("ปีงบประมาณ"))
_VAGUE_PART = re.compile(r"\b(?:mid|early|late|summer|winter|spring|autumn|fall)[\s-]+(?:of\s+)?(?:the\s+)?"
                         r"(?:(?:q[1-4]|h[12])\s*[/ -]?\s*)?(?:19|20)\d{2}\b"
                         # a term or season of a year, whose dates no pattern knows ("Michaelmas term 2024", "the 2025 season")
                         r"|\b(?:term|season|session)\s+(?:of\s+)?(?:19|20)\d{2}\b|\b(?:19|20)\d{2}\s+(?:term|season|session)\b"
                         # ... in other languages: "a metà 2025", "Mitte 2025", "mediados de 2025", "mi-2025", "au début du
                         # printemps 2025", "im Sommer 2025", "invierno de 2024"
                         r"|\b(?:meta|mitte|mediados\s+de|meados\s+de|medio|milieu\s+de|mi\s*-)\s*(?:del?\s+|di\s+|des\s+|de\s+l\W?)?(?:19|20)\d{2}\b"
                         r"|\b(?:printemps|ete|automne|hiver|fruhling|fruhjahr|sommer|herbst|primavera|verano|estate|verao|otono|autunno|"
                         r"outono|invierno|inverno|zomer|lente|najaar|sommar|hosten|varen)\s+(?:de\s+|del\s+|di\s+|des\s+|do\s+|da\s+)?"
                         r"(?:l\W?\s*)?(?:19|20)\d{2}\b")
# a Hijri or Solar Hijri date or year ("1 محرم 1447 هـ", "رمضان 1446", "۱۰ تیر ۱۴۰۴"): canon states neither calendar, so it
# is reported, never read
# (folded as questions are: hamza dropped, the tatweel of "هـ" a hyphen)
_HIJRI = re.compile(r"(?:\d{1,2}\s*)?" + _any_of("محرم", "صفر", "ربيع الأول", "ربيع الآخر", "ربيع الثاني", "جمادى الأولى", "جمادى الآخرة",
                                                   "رجب", "شعبان", "رمضان", "شوال", "ذو القعدة", "ذو الحجة",
                                                   # Solar Hijri months and seasons ("۱۰ تیر ۱۴۰۴", "پاییز ۱۴۰۴")
                                                   "فروردین", "اردیبهشت", "خرداد", "تیر", "مرداد", "شهریور", "مهر", "آبان",
                                                   "آذر", "دی", "بهمن", "اسفند", "بهار", "تابستان", "پاییز", "زمستان").replace(" ", r"\s+")
                    + r"\s*1[34]\d{2}(?:\s*ه(?![\u0600-\u06ff]))?")
_NO_SUCH_PERIOD = re.compile(r"\b(?:q[05-9]|h[03-9])\s*[/ -]?\s*(?:19|20)\d{2}\b|\b(?:19|20)\d{2}\s*[/ -]?\s*(?:q[05-9]|h[03-9])\b")
_UNPLACED_PART = re.compile(
    r"\b(?:quarter|quartal\w*|trimest\w*|semest\w*|halbjahr\w*|jahreshalfte|half|week|wk|kw|woche\w*|semaine\w*|"
    r"semana\w*|settiman\w*|kwartaal|ctvrtlet\w*|pololet\w*|tyden\w*)\W{0,3}(?:\d{1,2}\W{1,3})?"
    r"(?:of\s+|de\s+|del\s+|des\s+|van\s+|roku\s+|jahres\s+)?(?:the\s+)?(?:19|20)\d{2}\b"
    # a week by its number without a year
    rf"|\b(?:{_WEEK_WORDS})\s*\.?\s*\d{{1,2}}\b(?!\s*[./-]?\d)")
_BARE_YEAR = re.compile(r"(?<![\w.#/-])((?:19|20)\d{2})(?:[-:][^\W\d_]{1,4}(?![\w-]))?(?![\w/-]|\.\d)")  # "2025-ös", "2025:n"
# Digits that look like a date but that no pattern above read (31/02/2025, 6/30/25, 2025-13-01):
# never silently replaced by as_of (see TimeScan.unread).
_DATE_LIKE = re.compile(r"(?<![\w.#/-])(?:\d{1,2}[./-]\s?\d{1,2}[./-]\s?\d{2,4}|(?:19|20)\d{2}[./-]\d{1,2}[./-]\d{1,2})(?![\w/-]|\.\d)")
# ... and periods no pattern reads: 2024/25 or 2025/06, Q4 25, H1-25, a fiscal year across two (FY2024/25),
# a Japanese fiscal year (from April); beside a date read, context as any period is (TimeScan.vague)
_PERIOD_LIKE = re.compile(r"(?<![\w.#/-])(?:(?:19|20)\d{2}[./-]\d{1,2}|[qh]\d\s*[/ -]\s*\d{2})(?![\w/-]|\.\d)"
                          r"|\bfy\s*'?(?:19|20)?\d{2}\s*[/-]\s*\d{2,4}\b")


_FRENCH_WORDS = re.compile(r"\b(?:quel|quelle|quels|quelles|etait|valait|vigueur|est-ce|qu|jusqu|depuis|selon|pour|avec|les|aux|c|l|d)\b")
_GERMAN_DUTCH_WORDS = re.compile(r"\b(?:ist|der|das|gilt|galt|war|welche\w*|het|een|wat|gold|voor|van|und|nicht|niet|wie|hoe)\b")


def _is_french(folded: str) -> bool:
    """A question written in French, where "hier" is yesterday (in German and Dutch it is "here")."""
    return len(_FRENCH_WORDS.findall(folded)) >= 2 and not _GERMAN_DUTCH_WORDS.search(folded)


def _ago(n: int, unit: str, as_of: date) -> date:
    """The day n days / weeks / months / years before as_of (the 31st of a shorter month: its last day)."""
    if unit in ("day", "week"):
        return as_of - timedelta(days=n * (7 if unit == "week" else 1))
    return _months_before(as_of, n * (12 if unit == "year" else 1))


def _last_day_of_month_numbered(day: int, as_of: date) -> date:
    """The latest day numbered `day` on or before as_of (the 31st: of the latest month that has one)."""
    year, month = as_of.year, as_of.month
    for _ in range(12):
        found = _safe_date(year, month, day)
        if found is not None and found <= as_of:
            return found
        year, month = (year, month - 1) if month > 1 else (year - 1, 12)
    raise ValueError(f"no day {day} in the year before {as_of}")


# a question about what will be ("from nov 1 will text sessions count?")
_FUTURE = re.compile(r"\bwill\b|\bwon'?t\b|\bgoing\s+to\b|\bupcoming\b|\bshall\b"
                     # Dutch, Czech, Slovak, Polish future auxiliaries ("Budou se od 1. července ... započítávat?"; not German
                     # "wird", "werden", also the passive)
                     r"|\bzal\b|\bzullen\b|\bbude\b|\bbudou\b|\bbudeme\b|\bbedzie\b|\bbeda\b|\bbedziemy\b")


def _day_without_year(month: int, day: int, m: re.Match, as_of: date) -> date:
    """A day and month without a year: the latest one on or before as_of, or in a question about what
    will be, the next one on or after it."""
    if _FUTURE.search(m.string):
        for year in (as_of.year, as_of.year + 1, as_of.year + 4):
            found = _safe_date(year, month, day)
            if found is not None and found >= as_of:
                return found
    return _last_past_day(month, day, as_of)


def _last_past_day(month: int, day: int, as_of: date) -> date:
    """The latest `day` of `month` on or before as_of (29 February: of the latest leap year)."""
    for year in range(as_of.year, as_of.year - 9, -1):
        found = _safe_date(year, month, day)
        if found is not None and found <= as_of:
            return found
    raise ValueError(f"no {month}/{day} in the eight years before {as_of}")  # the scan's check rules this out


@lru_cache(maxsize=64)
def _compiled(cjk: bool = False, scripts: frozenset = frozenset()):
    """The patterns, compiled on the first scan (not at import: most commands read no question).
    For a question with Chinese, Japanese or Korean characters, which run on without spaces, a word
    boundary is also the edge of such a character ("2025/09/30時点"); that costs every pattern a
    slower start, so the other questions keep the plain patterns. A question is read with the month
    names of the scripts it is written in and Latin letters only (`scripts`, see _scripts_of): the
    trie of every script's names is slower to start at each position."""
    months = _MONTH_RE_ASCII if not scripts else _trie(
        {name: n for name, n in _MONTHS.items() if name.isascii() or _script_of(name) in scripts})

    def edges(p: str) -> str:
        p = p.replace(_MONTH_RE, months)
        return _cjk_edges(p) if cjk else p

    return ([(re.compile(edges(p)), build, valid) for p, build, valid in _DATE_FORMS],
            [(re.compile(edges(p)), build) for p, build in _PERIOD_FORMS])


def _cjk_edges(pattern: str) -> str:
    return pattern.replace(r"\b", rf"(?:\b|(?<=[{CJK}])|(?=[{CJK}]))")




def _slash_date(a: int, b: int, year: int) -> Optional[date]:
    """Day first where only that is possible (30/06/2025), month first where only that is
    (06/30/2025); 03/04/2025 is the 3rd of April in Europe and the 4th of March in the US, so it
    is not read (the question is asked again) unless both readings are one day (05/05/2025)."""
    if a <= 12 and b <= 12 and a != b:
        return None
    return _safe_date(year, b, a) if b <= 12 else _safe_date(year, a, b)


_SLASH = re.compile(_SLASH_DATE)


_UNITS_EN = "one two three four five six seven eight nine".split()
_ORDINAL_WORDS = {w: i for i, w in enumerate("first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth "
                                              "thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth".split(), 1)}
_ORDINAL_WORDS |= {"twentieth": 20, "thirtieth": 30}
_ORDINAL_WORDS |= {f"{tens}{sep}{w}": base + i for tens, base in (("twenty", 20), ("thirty", 30)) for sep in (" ", "-")
                   for w, i in _ORDINAL_WORDS.items() if i < 10}
_NUMBER_WORDS = {w: i for i, w in enumerate(_UNITS_EN, 1)} | {
    w: i for i, w in enumerate("ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split(), 10)}
_NUMBER_WORDS |= {"twenty": 20, "thirty": 30} | {f"twenty{sep}{w}": 20 + i for sep in (" ", "-") for w, i in
                                                 ((u, k) for k, u in enumerate(_UNITS_EN, 1))}
_SPELLED_YEAR = re.compile(r"\b(?:twenty|two\s+thousand(?:\s+and)?)\s+(" + "|".join(sorted(_NUMBER_WORDS, key=len, reverse=True)) + r")\b")
_SPELLED_ORDINAL = re.compile(r"\b(" + "|".join(sorted(_ORDINAL_WORDS, key=len, reverse=True)) + r")\b")
_SPELLED_HINT = re.compile(r"\b(?:twenty|thirty|two\s+thousand|" + "|".join(w for w in _ORDINAL_WORDS if " " not in w and "-" not in w) + r")\b")


def _spelled_out(folded: str) -> str:
    """Dates said in words, as a voice assistant writes them down ("june thirtieth twenty twenty
    five", "the first of july two thousand and twenty five"): the ordinal day and the year in digits,
    padded with spaces to the same length so that positions hold."""
    if not folded.isascii() or _SPELLED_HINT.search(folded) is None:
        return folded

    def pad(m: re.Match, digits: str) -> str:
        return digits + " " * (len(m.group(0)) - len(digits))

    def year(m: re.Match) -> str:
        n = _NUMBER_WORDS[m[1].replace("-", " ").replace("  ", " ")] if m[1] in _NUMBER_WORDS else None
        return m.group(0) if n is None or n >= 100 else pad(m, f"20{n:02d}")

    out = _SPELLED_YEAR.sub(year, folded)
    # an ordinal is a day only next to a month name ("june thirtieth", "the thirtieth of june")
    return _SPELLED_ORDINAL.sub(lambda m: pad(m, f"{_ORDINAL_WORDS[m[1]]}th")
                                if _MONTH_NEAR.search(out, max(0, m.start() - 12), min(len(out), m.end() + 16)) else m.group(0), out)


_MONTH_NEAR = re.compile(r"\b(?:january|february|march|april|may|june|july|august|september|october|november|december|"
                         r"jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\b")


def _settle_slash_dates(folded: str) -> str:
    """A text that writes one slash date in an order only one reading allows (31/03/2025: day first),
    or says which order it writes ("day/month", "US-style"), writes all its slash dates that way: "de
    01/10/2024 a 31/03/2025" is 1 October to 31 March. A date also written in words ("4/1/2025 (April
    1st)") is read the way the words say. Such an ambiguous date is rewritten day first with dots,
    as it then is ("1.4.2025": the same length, so positions hold); with no witness, or witnesses
    both ways, it is left as written (and reported unread)."""
    found = [m for m in _SLASH.finditer(folded)]
    ambiguous = [m for m in found if int(m[1]) <= 12 and int(m[3]) <= 12 and m[1].lstrip("0") != m[3].lstrip("0")]
    if not ambiguous:
        return folded
    # ... and a question in a language other than English: month-first is the United States' order
    day_first = any(int(m[1]) > 12 >= int(m[3]) for m in found) or _SAYS_DAY_FIRST.search(folded) is not None \
        or (_ENGLISH_WORD.search(folded) is None and len(_WORD.findall(folded)) >= 3)
    month_first = any(int(m[3]) > 12 >= int(m[1]) for m in found) or _SAYS_MONTH_FIRST.search(folded) is not None
    in_words = {(_MONTHS[w[2] or w[3]], int(w[1] or w[4])) for w in _DAY_IN_WORDS.finditer(folded)}
    # a month named in words elsewhere ("as of 11/1/2025 ... for our November MBR") is the date's month
    named_months = {_MONTHS[w[1]] for w in _MONTH_WORD.finditer(folded) if len(w[1]) >= 5 or w[1] in _SHORT_MONTH_WORDS}
    out = folded
    for m in ambiguous:
        a, b = int(m[1]), int(m[3])
        if (b, a) in in_words and (a, b) not in in_words:
            as_day_first = True
        elif (a, b) in in_words and (b, a) not in in_words:
            as_day_first = False
        elif (b in named_months) != (a in named_months) and not (_SAYS_DAY_FIRST.search(folded) or _SAYS_MONTH_FIRST.search(folded)):
            as_day_first = b in named_months
        elif day_first != month_first:
            as_day_first = day_first
        else:
            continue
        day, month = (m[1], m[3]) if as_day_first else (m[3], m[1])
        out = out[:m.start()] + f"{day}.{month}.{m[4]}" + out[m.end():]
    return out


_MONTH_WORD = re.compile(rf"\b({_MONTH_RE})\b")
_SHORT_MONTH_WORDS = frozenset({"june", "july", "juni", "juli", "juin"})  # not "may", "mar": words of other kinds too
# words only English writes, and words other languages write too ("was", "is", "we", "in", "of", "on", "to", "do": Dutch,
# German, French, Czech, Polish, Portuguese), two of which make a question English
_ENGLISH_WORD = re.compile(r"\b(?:the|for|what|which|were|and|how|at|by|did|does|our|my|should|would|please|as\s+of|as\s+at|"
                           r"will|with|from|this|that|when|who|has|have|been|there|into|about|can|could|need|used|applies|"
                           r"apply|tell|show|give|you|your|defn)\b"
                           r"|\b(?:was|is|we|in|of|on|to|do)\b.*\b(?:was|is|we|in|of|on|to|do)\b")
_WORD = re.compile(r"[^\W\d_]{2,}")
_SAYS_DAY_FIRST = re.compile(r"\b(?:day\s*/\s*month|dd\s*/\s*mm|day[- ]first|(?:uk|british|european)[- ](?:style|format|dates?))\b")
_SAYS_MONTH_FIRST = re.compile(r"\b(?:month\s*/\s*day|mm\s*/\s*dd|month[- ]first|(?:us|american)[- ](?:style|format|dates?))\b")
_DAY_IN_WORDS = re.compile(rf"\b(\d{{1,2}}){_ORD}\s+{_OF}({_MONTH_RE})\b|\b({_MONTH_RE})\s+(\d{{1,2}}){_ORD}\b")


def _builds(m: re.Match, build) -> bool:
    """Whether a period pattern's match is a period that exists (on any as_of)."""
    try:
        return build(m, date(2000, 6, 15)) is not None
    except ValueError:
        return False




@dataclass(frozen=True)
class _Found:
    """One date or period expression of a text: where it is and how to build its value."""

    start: int
    end: int
    match: re.Match
    build: object  # (match, as_of) -> date | Period | None


@dataclass(frozen=True)
class TimeScan:
    """What a text says about time, before any as_of is known: its date and period expressions
    in text order, whether its first two dates form a range, and which periods stand after
    "end of" / "start of". `place_time` turns it into a TimeFinding for an as_of."""

    points: tuple[_Found, ...]
    periods: tuple[_Found, ...]
    range_between_first_two: bool  # of the points
    periods_ranged: bool  # "from Q1 2025 to Q3 2025", "between January and March 2025" is not one
    periods_listed: int  # how many periods open the text as one list ("2024 and 2025": 2), else 0
    edges: tuple[Optional[str], ...]  # per period: "end", "start" or None
    # by an expression's start: (before|after|since|until, where the qualified text starts, where it ends or -1)
    qualifiers: dict[int, tuple[str, int, int]]
    unreadable: tuple[str, ...]  # date-like text no pattern read
    # periods or parts of them canon cannot place ("mid-2024", "summer 2024", "FY2024/25"): unread, except
    # beside a date read, as a period beside a date is ("the bulletin of summer 2024: which rate applied on
    # 2024-06-30?")
    vague: tuple[str, ...]
    text: str  # folded
    known: Optional["_Found"] = None  # the date written as a knowledge time (TimeFinding.known_on)


# Two days of one month with the month (and year) written once: "between 1 and 15 October 2025", "1-15 Oct",
# "del 1 al 15 de octubre de 2025", "vom 1. bis 15. Oktober", "from the 25th to the 30th of September"
# (day first), "October 1-15, 2025", "Oct 1 to 15" (month first). Each day is read as a date of that
# month; whether the two make a range is then decided as for any two dates.
_DAY_RANGES = (
    re.compile(rf"(?<![\w./-])(?:the\s+)?(?P<d1>\d{{1,2}}){_ORD}\.?(?P<sep>{_RANGE_SEP})(?:the\s+)?(?P<d2>\d{{1,2}}){_ORD}\.?\s+"
               rf"{_OF}(?P<mon>{_MONTH_RE})\b\.?(?:,?\s+{_OF}(?P<y>(?:19|20)\d{{2}})\b)?"),
    re.compile(rf"\b(?P<mon>{_MONTH_RE})\.?\s+(?P<d1>\d{{1,2}}){_ORD}(?P<sep>\s*(?:-|–|to|through|thru|until|till|and)\s*)"
               rf"(?:the\s+)?(?P<d2>\d{{1,2}}){_ORD}\b(?![./:-]\d)(?:,?\s+(?P<y>(?:19|20)\d{{2}})\b)?"),
)


def _day_of_range(group: str):
    def build(m: re.Match, as_of: date) -> Optional[date]:
        month, day = _MONTHS[m["mon"]], int(m[group])
        return _safe_date(int(m["y"]), month, day) if m["y"] else _day_without_year(month, day, m, as_of)
    return build


def _day_ranges(folded: str) -> list[tuple["_Found", "_Found"]]:
    """The two dates of each day range (see _DAY_RANGES) whose separator joins them."""
    found = []
    for pattern in _DAY_RANGES:
        for m in pattern.finditer(folded):
            d1, d2, month = int(m["d1"]), int(m["d2"]), _MONTHS[m["mon"]]
            year = int(m["y"]) if m["y"] else 2000  # a leap year: 29 February is a day
            if not (d1 < d2 and _safe_date(year, month, d1) and _safe_date(year, month, d2)):
                continue
            first = _Found(m.start(), m.start("sep"), m, _day_of_range("d1"))
            second = _Found(m.end("sep"), m.end(), m, _day_of_range("d2"))
            if _joins_range(folded, first, second):
                found.append((first, second))
    return found


# "the fortnight ending 14/03/2025", "the financial year to 30 April 2025", "the twelve months ended 31 March
# 2026", "exercice clos le 31 décembre 2025": the period that ends on the date written after it
_ENDING_BEFORE = re.compile(
    r"(?:\bthe\s+)?\b(?:(?P<unit>fortnight|week|month|quarter|half[\s-]year|year|financial\s+year|fiscal\s+year|fy)"
    r"|(?P<n>\d{1,2}|two|three|four|six|nine|twelve)\s+(?P<units>weeks|months))"
    r"\s+(?:to|ending|ended|through|up\s+to)(?:\s+on)?\s+(?:the\s+)?(?:close\s+of\s+business\s+(?:on\s+)?|cob\s+)?$"
    r"|\b(?:exercice|ejercicio|esercizio|gesch(?:ae|a)ftsjahr(?:es)?|boekjaar)\s+(?:clos\s+le|cerrado\s+(?:al|el)|chiuso\s+al|"
    r"zum|endend\s+am|eindigend\s+op|au|al)\s+$")
_ENDING_SPANS = {"fortnight": (14, "day"), "week": (7, "day"), "month": (1, "month"), "quarter": (3, "month"),
                 "half year": (6, "month"), "half-year": (6, "month")}


def _ending(build, m_before: re.Match):
    """The build of a period ending on the date `build` reads, of the length `m_before` names."""
    if m_before["units"]:
        n, unit = _count(m_before["n"]) if not m_before["n"].isdigit() else int(m_before["n"]), m_before["units"][:-1]
    else:
        n, unit = _ENDING_SPANS.get(re.sub(r"\s+", " ", m_before["unit"] or ""), (12, "month"))

    def period(m: re.Match, as_of: date) -> Optional[Period]:
        end = build(m, as_of)
        if end is None:
            return None
        if unit in ("day", "week"):
            start = end - timedelta(days=n * (7 if unit == "week" else 1) - 1)
        elif end == _month_end(end.year, end.month):  # to a month's end: whole months
            start = _months_before(date(end.year, end.month, 1), n - 1)
        else:
            start = _months_before(end, n) + timedelta(days=1)
        return Period(start, end, f"{start.isoformat()} to {end.isoformat()}")
    return period


# the header lines of a pasted e-mail ("> Sent: 10 November 2025 16:02"): their dates are no question's
_MAIL_HEADER = re.compile(r"(?m)^[\s>]*(?:sent|date|datum|envoye|enviado|inviato|verzonden|gesendet|skickat|sendt|lahetetty|"
                          r"from|to|cc|subject|von|an|betreff|de|objet|para|asunto)\s*:[^\n]*$")


def scan_time(text: str) -> TimeScan:
    """The first step of find_time: everything that depends on the text alone."""
    folded = _settle_slash_dates(_spelled_out(fold(text)))
    taken: list[tuple[int, int]] = []

    def free(a: int, b: int) -> bool:
        return all(b <= s or a >= e for s, e in taken)

    # Point dates (and their positions) first, so that ranges and edges can use them.
    points: list[_Found] = []
    impossible: list[tuple[int, int]] = []  # spans of date-like text that is no date
    date_patterns, period_patterns = _compiled(CJK_CHAR.search(folded) is not None,
                                               frozenset() if folded.isascii() else _scripts_of(folded))
    for first, second in _day_ranges(folded):
        if free(first.start, second.end):
            points += [first, second]
            taken.append((first.start, second.end))
    for pattern, build, valid in date_patterns:
        for m in pattern.finditer(folded):
            if not free(m.start(), m.end()):
                continue
            possible = valid(m, build)
            if possible is None:  # not a date in this question's language
                continue
            if possible:
                points.append(_Found(m.start(), m.end(), m, build))
            else:
                impossible.append((m.start(), m.end()))
            taken.append((m.start(), m.end()))
    points.sort(key=lambda p: p.start)
    headers = [(m.start(), m.end()) for m in _MAIL_HEADER.finditer(folded)] if "\n" in folded else []
    if headers:
        points = [p for p in points if not any(a <= p.start and p.end <= b for a, b in headers)]
    ending: list[_Found] = []
    for p in list(points):
        m = _ENDING_BEFORE.search(folded, max(0, p.start - 60), p.start)
        if m is not None:
            points.remove(p)
            ending.append(_Found(m.start(), p.end, p.match, _ending(p.build, m)))
            taken.append((m.start(), p.start))
    # "what did the catalog say on 2026-02-01 about ...": that date is when, not what for
    known = next((p for p in points if _KNOWN_BEFORE.search(folded, 0, p.start)), None)
    if known is not None:
        points.remove(known)

    # "mid-2025", "early Q3 2025", "summer 2025": a part of a period canon cannot place (seasons
    # differ by hemisphere): reported, never read as the whole period
    vague: list[tuple[int, int]] = []
    for m in _VAGUE_PART.finditer(folded):
        if free(m.start(), m.end()):
            vague.append((m.start(), m.end()))
            taken.append((m.start(), m.end()))
    for m in (*_NO_SUCH_PERIOD.finditer(folded), *_HIJRI.finditer(folded)):
        if free(m.start(), m.end()):
            impossible.append((m.start(), m.end()))
            taken.append((m.start(), m.end()))

    periods: list[_Found] = list(ending)
    for pattern, build in period_patterns:
        for m in pattern.finditer(folded):
            if free(m.start(), m.end()):
                if _builds(m, build):
                    periods.append(_Found(m.start(), m.end(), m, build))
                else:  # week 54, a fourth half
                    impossible.append((m.start(), m.end()))
                taken.append((m.start(), m.end()))
    # a part of a year that no pattern above read ("im 2. Quartal 2025" in a form not known, "week
    # 12 2025" written another way): reported, never read as the whole year
    # (beside a date read, such a part is context, as a period beside a date is: "l'arrêté semestriel 2025 : ... au 30/06")
    for m in _UNPLACED_PART.finditer(folded):
        if free(m.start(), m.end()):
            vague.append((m.start(), m.end()))
            taken.append((m.start(), m.end()))
    # A bare year ("for 2025") is a period when nothing else claimed it.
    for m in _BARE_YEAR.finditer(folded):
        if free(m.start(), m.end()):
            periods.append(_Found(m.start(), m.end(), m, lambda m, as_of: _year(int(m[1]))))
            taken.append((m.start(), m.end()))
    periods.sort(key=lambda p: p.start)
    impossible += [(m.start(), m.end()) for m in _DATE_LIKE.finditer(folded) if free(m.start(), m.end())]
    vague += [(m.start(), m.end()) for m in _PERIOD_LIKE.finditer(folded) if free(m.start(), m.end())]
    if (points or periods) and len(points) + len(periods) + len(impossible) + len(vague) >= 2:
        points, periods, impossible, vague = _in_the_question(text, points, periods, impossible, vague)
        points, periods, impossible, vague = _outside_asides(folded, points, periods, impossible, vague)

    if len(points) >= 2 and not _joins_range(folded, points[0], points[1]):
        # "due 20/05/2026, but the column is for the 31 Dec 2024 reporting date": the date named the
        # reporting date is the one asked about; the others are context
        labelled = [p for p in points if _REPORTING_BEFORE.search(folded, 0, p.start) or _REPORTING_AFTER.match(folded, p.end)]
        if len(labelled) == 1:
            points = labelled
    ranged = len(points) >= 2 and _joins_range(folded, points[0], points[1])
    periods_ranged = len(periods) >= 2 and _joins_range(folded, periods[0], periods[1])
    listed = 1
    while not periods_ranged and listed < len(periods) \
            and _fullmatch_with_article(_LIST_SEP, folded[periods[listed - 1].end:periods[listed].start]):
        listed += 1
    edges = tuple("end" if re.search(r"(?<!\w)" + _EDGE_END + r"$", folded[:p.start]) or _EDGE_END_AFTER.match(folded, p.end)
                  else "start" if re.search(r"(?<!\w)" + _EDGE_START + r"$", folded[:p.start]) or _EDGE_START_AFTER.match(folded, p.end)
                  else None for p in periods)
    qualifiers = {}
    for p in (*points, *periods):
        for kind, pattern in _QUALIFIERS:
            m = pattern.search(folded, 0, p.start)
            if m is not None and folded.startswith("do ", m.start()) and re.match(r"\d{1,2}[oa]\b|dia\b", folded[p.start:]):
                m = None  # Portuguese "do 1º trimestre" (of the first quarter), not Czech or Polish "do" (until)
            if m is not None:
                qualifiers[p.start] = (kind, m.start(), -1)
                break
        else:
            m = _SINCE_AFTER.match(folded, p.end)
            if m is not None:
                qualifiers[p.start] = ("since", p.start, m.end())
    for p in (*points, *periods):
        # "(since) July 2024 until today": the "today" that ends it is the since, not a date of its own
        m = _SINCE_AFTER.match(folded, p.end)
        inside = [q for q in points if m is not None and p.end <= q.start and q.end <= m.end()]
        if inside and qualifiers.get(p.start, ("since",))[0] == "since":
            qualifiers.setdefault(p.start, ("since", p.start, m.end()))
            points = [q for q in points if q not in inside]
            ranged = len(points) >= 2 and _joins_range(folded, points[0], points[1])
    return TimeScan(tuple(points), tuple(periods), ranged, periods_ranged, listed if listed > 1 else 0, edges,
                    qualifiers, tuple(folded[a:b] for a, b in impossible), tuple(folded[a:b] for a, b in vague), folded, known)


def _outside_asides(folded: str, points: list["_Found"], periods: list["_Found"], *unplaced: list[tuple[int, int]]):
    """Dates in parentheses are asides ("for 30.11.2025 (meeting is 20 Mar)", "defined for 15/02/2026?
    (incident was 2026-02-14 22:40 UTC)") when a date or period stands outside them too."""
    # (a parenthesis right after a date or period restates it: "Q2 2025 (April to June 2025)")
    ends = {p.end for p in (*points, *periods)}
    asides = [(m.start(), m.end()) for m in _ASIDE.finditer(folded) if len(folded[:m.start()].rstrip()) not in ends]
    if not asides:
        return (points, periods, *unplaced)

    def aside(start: int, end: int) -> bool:
        return any(a <= start and end <= b for a, b in asides)

    if all(aside(p.start, p.end) for p in (*points, *periods)):
        return (points, periods, *unplaced)
    return ([p for p in points if not aside(p.start, p.end)], [p for p in periods if not aside(p.start, p.end)],
            *([span for span in spans if not aside(*span)] for spans in unplaced))


_ASIDE = re.compile(r"\([^()]*\)")


_REPORTING_WORDS = (r"(?:reporting|report|reference|cut-?off|valuation|balance[- ]sheet)\s+date|stichtag|peildatum|fecha\s+de\s+"
                    r"(?:corte|referencia|reporte)|date\s+(?:de\s+reference|d'arrete)|data\s+(?:di|de)\s+(?:riferimento|referencia|"
                    r"corte)|referencni\s+den|rozhodny\s+den")
# what stands before a date the question reads the catalog at: "what did the catalog say on", "as it stood
# on", "as we understood it on", "as known on", "knowledge date"
_KNOWN_BEFORE = re.compile(
    r"(?:\b(?:catalog(?:ue)?|canon|records?|governance|metadata|registry)\s+(?:said|say|says|stood|showed|show|knew|held|had|looked|recorded)"
    r"|\bas\s+(?:(?:we|it|canon|they|the\s+catalog(?:ue)?|the\s+records?|things)\s+)?(?:knew|understood|stood|had|recorded|saw)(?:\s+(?:it|them))?"
    r"|\bas\s+(?:it\s+was\s+|they\s+were\s+)?(?:known|recorded|understood)|\bwhat\s+(?:we|canon|the\s+catalog(?:ue)?)\s+knew"
    r"|\bknown\s+(?:at|on|as\s+of)|\bknowledge\s+(?:date|time|cut-?off)(?:\s+of)?|\bwissensstand|\bkenntnisstand"
    # "what did we believe on 1 March 2025 about ...", "what was understood on ..."
    r"|\bwhat\s+did\s+(?:we|canon|you|the\s+(?:catalog(?:ue)?|firm|company|team))\s+(?:believe|think|know|understand|hold|record)"
    r"|\bwhat\s+(?:we|the\s+(?:firm|company|team))\s+(?:believed|thought|knew|understood)|\b(?:as|what)\s+was\s+(?:believed|thought|understood)"
    # uk, ru, de, fr, es, it, pt: "як це знав каталог на", "Stand des Katalogs vom", "tel que le catalogue le connaissait le"
    r"|\bяк\s+(?:це\s+)?знав\s+каталог\s+на|\bкак\s+(?:это\s+)?знал\s+каталог\s+на|\bза\s+станом\s+каталогу\s+на"
    r"|\bпо\s+состоянию\s+каталога\s+на|\bstand\s+des\s+katalogs\s+(?:vom|am)|\bwie\s+(?:es\s+)?der\s+katalog\s+(?:am|vom)"
    r"|\btel\s+que\s+(?:le\s+)?catalogue\s+(?:le\s+)?(?:connaissait|savait)\s+(?:le|au)"
    r"|\bsegun\s+(?:lo\s+que\s+)?(?:sabia|conocia)\s+el\s+catalogo\s+(?:el|al)"
    r"|\bcome\s+(?:lo\s+)?(?:sapeva|conosceva)\s+il\s+catalogo\s+(?:il|al)|\bcomo\s+o\s+catalogo\s+(?:o\s+)?(?:sabia|conhecia)\s+em"
    # nl: "wat wisten we op 1 maart 2026", "zoals de catalogus er op 1 maart 2026 bij stond", "de stand van de catalogus per"
    r"|\bwat\s+wisten\s+(?:we|wij)\s+(?:op|per)|\bzoals\s+(?:de\s+)?catalogus\s+(?:er\s+)?(?:op|per)"
    r"|\bstand\s+van\s+(?:de\s+)?catalogus\s+(?:op|per)|\bvolgens\s+de\s+catalogus\s+(?:op|per|van))"
    r"\s*(?:(?:on|at|as\s+of|as\s+at|by|vom|am|:)\s+)?(?:the\s+)?$")
_REPORTING_BEFORE = re.compile(rf"\b(?:{_REPORTING_WORDS})\s*(?:of|is|was|:|=|de|di|am|al)?\s*(?:the\s+)?$")
_REPORTING_AFTER = re.compile(rf"\s*(?:\(\w+\)\s*)?(?:{_REPORTING_WORDS})\b")


def _in_the_question(text: str, points: list["_Found"], periods: list["_Found"], *unplaced: list[tuple[int, int]]):
    """In a request of several sentences with one question among them ("We are reproducing a report
    issued at the start of October 2025. How were block hours defined on 30 September 2025?"), the
    dates of the other sentences are its context: only the question's dates are read, and only its
    date-like text left unread is reported, when it has a date or period canon reads."""
    asked = question_sentence(text)
    if asked is None:
        return points, periods, *unplaced
    start, end = (len(fold(text[:i])) for i in asked)  # positions in the folded text

    def inside(span_start: int, span_end: int) -> bool:
        return start <= span_start and span_end <= end

    if not any(inside(p.start, p.end) for p in (*points, *periods)):
        return points, periods, *unplaced
    return ([p for p in points if inside(p.start, p.end)], [p for p in periods if inside(p.start, p.end)],
            *([span for span in spans if inside(*span)] for spans in unplaced))


# the word or abbreviation for "year" written after one ("1 октября 2025 г. по 31 марта 2026 г.",
# "з 1 жовтня 2025 р. до …", "2025 m.", "2025. gada", "2025. godine", "2025-yil")
_YEAR_WORD = re.compile(r"^\s*(?:г|гг|года|году|годов|р|рр|року|ж|жылы|жылғы|m|metu|metų|gada|godine|године|год|yil|yili)(?:\.|(?=\s))")


# an article before the second of two periods ("Q4 and the first quarter of 2026", "het vierde kwartaal van 2025 en
# het eerste kwartaal van 2026")
_ARTICLE_END = re.compile(r"(?<=\s)(?:the|het|de|le|la|les|el|los|las|il|lo|die|der|das|den|o|a)\s*$")


def _fullmatch_with_article(separator: str, gap: str) -> Optional[re.Match]:
    """The separator between two expressions, as written or with an article closing it ("a" and "la" are
    separators too: "de enero a marzo", "până la": read as written first)."""
    return re.fullmatch(separator, gap) or re.fullmatch(separator, _ARTICLE_END.sub(" ", gap))


def _joins_range(folded: str, first: _Found, second: _Found) -> bool:
    """Whether the text between two expressions makes them one range: "to", "until", "-" ...;
    "and" only after "between" ("on 2025-06-30 and 2025-12-31" names two dates)."""
    sep = _fullmatch_with_article(_RANGE_SEP, _YEAR_WORD.sub("", folded[first.end:second.start], count=1))
    if sep is None:
        return False
    word = sep.group(0).strip()
    if word in ("and", "y", "e", "i", "eta", "und", "et", "en"):
        return re.search(r"\b(?:between|mezi|entre|tra|fra|zwischen|tussen|mellan|mellem)\s+$", folded[:first.start]) is not None
    if word in ("a", "au", "al"):
        return re.search(r"\b(?:between|mezi)\s+$|" + _FROM_WORD, folded[:first.start]) is not None
    return True


def place_time(scan: TimeScan, as_of: date, calendar=None) -> TimeFinding:
    """The second step of find_time: the scanned expressions' values on `as_of`. One expression
    (or one range) is used, in this order: a range of two dates, a period's edge ("end of Q2
    2025"), the first date, a range of two periods, the first period. Every other date, and every
    other period when the one used is a period, is reported in `unread`; a period beside a date
    is not (it may be part of a name: "the FY2026 plan on 2025-06-30"). A fiscal period is placed on
    `calendar` (resolver.fiscal.FiscalCalendar) when one is given, else on the calendar year."""
    value = _valuer(as_of, calendar)
    placed = _placed(scan, as_of, value)
    used = set(placed.spans)  # the expressions read, whatever a qualifier then made of them
    found = _qualified(scan, placed, as_of)
    extra = [p for p in scan.points if not _inside(p, used)]
    if placed.period is not None:
        extra += [p for p in scan.periods if not _inside(p, used)]
    # the same date or period written twice ("the second half of 2024 (H2 2024)", "Q2 2025 (April to
    # June 2025)") is one
    restated = [p for p in extra if _same_value(p, placed, value)]
    extra = [p for p in extra if p not in restated]
    if restated and placed.reporting_date is not None and placed.period is None:
        # "launched on 8/3/2025 and closed at the end of June ... which definition was in force on 8/3/2025?":
        # the date written again is the one asked about; the other dates are its context
        extra = [p for p in extra if p not in scan.points]
    for first, second in zip(extra, extra[1:]):
        if _same_range(scan.text, first, second, placed, value):
            extra = [p for p in extra if p is not first and p is not second]
            break
    vague = () if placed.explicit and placed.period is None else scan.vague  # beside a date read, context
    found.unread = [*found.unread, *vague, *scan.unreadable, *(scan.text[p.start:p.end] for p in sorted(extra, key=lambda p: p.start))]
    if found.period is not None and found.period.fiscal is not None and found.period.fiscal[0].startswith(("span", "nendo")):
        # FY2024/25 with no fiscal calendar that places it: a period canon cannot place
        found = TimeFinding(unread=[*found.unread, *(scan.text[a:b] for a, b in placed.spans)])
    if scan.known is not None:
        day = value(scan.known)
        found.known_on = day
        found.spans = [*found.spans, (scan.known.start, scan.known.end)]
        if not found.explicit and not found.unread:  # the catalog as it stood on a day, asked about that day
            found.reporting_date, found.explicit = day, True
    return found


def _valuer(as_of: date, calendar):
    """An expression's value on as_of, a fiscal period placed on `calendar` when there is one."""
    def value(p: "_Found"):
        v = p.build(p.match, as_of)
        if calendar is not None and isinstance(v, Period) and v.fiscal is not None:
            from resolver.fiscal import place

            placed = place(v, calendar, as_of)
            return v if placed is None else Period(placed.start, placed.end, placed.label, fiscal=None)
        return v
    return value


def has_fiscal(scan: TimeScan) -> bool:
    """Whether a scanned text names a fiscal period (which a catalog's fiscal calendar may place)."""
    return any(_FISCAL_MARK.search(scan.text, p.start, p.end) for p in scan.periods)


_YEAR_WRITTEN = re.compile(r"(?:19|20)\d{2}|['\u2019]\s*\d{2}|\d{2}\s*$")


def _same_value(p: _Found, placed: TimeFinding, value_of) -> bool:
    try:
        value = value_of(p)
    except ValueError:
        return False
    if isinstance(value, Period) and placed.period is not None:
        # "the first half of 2025 (H1)": a quarter or half without its year, beside the same one with it
        # ... or the months of it without their year: "H1 2025 (January-June)"
        if not _YEAR_WRITTEN.search(p.match.group(0)) and (value.label.split(" ")[0] == placed.period.label.split(" ")[0]
                                                          or _month_days(value) == _month_days(placed.period)):
            return True
        return (value.start, value.end) == (placed.period.start, placed.period.end)
    if not isinstance(value, date) or placed.reporting_date is None or placed.period is not None:
        return False
    if value == placed.reporting_date:
        return True
    # "31/03/2025 (so that's 31 March)": a day without its year, beside the same day with it
    day = placed.reporting_date
    return not _YEAR_WRITTEN.search(p.match.group(0)) and (value.month, value.day) == (day.month, day.day)


def _month_days(period: Period) -> tuple[int, int, int, int]:
    return period.start.month, period.start.day, period.end.month, period.end.day


def _same_range(folded: str, first: _Found, second: _Found, placed: TimeFinding, value_of) -> bool:
    """Whether two periods written as a range ("April to June 2025") span the period used."""
    if placed.period is None or not _joins_range(folded, first, second):
        return False
    try:
        a, b = value_of(first), value_of(second)
    except ValueError:
        return False
    if not (isinstance(a, Period) and isinstance(b, Period)):
        return False
    start = a.start if _YEAR_WRITTEN.search(first.match.group(0)) else _safe_date(b.end.year, a.start.month, a.start.day)
    return (start, b.end) == (placed.period.start, placed.period.end)


def _qualified(scan: TimeScan, found: TimeFinding, as_of: date) -> TimeFinding:
    """The finding moved by a qualifier word before the expression used (not a range or an edge,
    which carry their own words)."""
    if len(found.spans) != 1:
        return found
    start, end = found.spans[0]
    qualifier = scan.qualifiers.get(start)
    if qualifier is None or any(p.start == start for p, e in zip(scan.periods, scan.edges) if e) \
            or (scan.range_between_first_two and scan.points and scan.points[0].start == start) \
            or (found.period is not None and found.period.label.count(" to ")):
        return found
    kind, word_start, word_end = qualifier
    end = max(end, word_end)
    first = found.reporting_date or found.period.start
    last = found.reporting_date or found.period.end
    out = TimeFinding(spans=[(word_start, end)], explicit=True)
    if kind == "before":
        out.reporting_date = first - timedelta(days=1)
    elif kind == "after":
        out.reporting_date = last + timedelta(days=1)
    elif kind == "since" and first <= as_of:
        out.period = Period(first, as_of, f"{first.isoformat()} to {as_of.isoformat()}")
    elif kind == "since" and found.reporting_date is not None and not re.match(r"since|seit|depuis|sinds", scan.text[word_start:]):
        # "od 1 lipca 2026 ...", "starting 1 July 2026" (from a day after as_of on): what will apply from that day;
        # "since" a day to come is no question canon reads
        out.reporting_date = first
    else:  # "until X" (from when?), or "since" a period after as_of
        out.unread = [scan.text[word_start:end]]
        out.explicit = False
        out.spans = []
    return out


def _inside(expression: _Found, spans: set[tuple[int, int]]) -> bool:
    return any(start <= expression.start and expression.end <= end for start, end in spans)


def _read(span: tuple[int, int], day: Optional[date] = None, period: Optional[Period] = None) -> TimeFinding:
    return TimeFinding(reporting_date=day, period=period, spans=[span], explicit=True)


def _placed(scan: TimeScan, as_of: date, value_of) -> TimeFinding:
    if scan.range_between_first_two:  # "from D1 to D2" / "between D1 and D2" / "od D1 do D2"
        first, second = scan.points[0], scan.points[1]
        d1, d2 = value_of(first), value_of(second)
        if not re.search(r"(?:19|20)\d{2}", first.match.group(0)):
            # "from 1 April to 30 September 2025": the year is written once, at the end
            d1 = _safe_date(d2.year, d1.month, d1.day) or d1
            if d1 > d2:
                d1 = _safe_date(d2.year - 1, d1.month, d1.day) or d1
        if d1 <= d2:
            return _read((first.start, second.end), period=Period(d1, d2, f"{d1.isoformat()} to {d2.isoformat()}"))

    # "end of Q2 2025" / "start of 2025" turn a period into a date.
    for p, edge in zip(scan.periods, scan.edges):
        if edge is not None:
            period = value_of(p)
            return _read((p.start, p.end), day=period.end if edge == "end" else period.start)

    if scan.points:
        first = scan.points[0]
        return _read((first.start, first.end), day=value_of(first))
    if scan.periods_ranged:  # "from Q1 2025 to Q3 2025", "between January 2025 and March 2025"
        first, second = scan.periods[0], scan.periods[1]
        p1, p2 = value_of(first), value_of(second)
        if p1.start <= p2.end:
            return _read((first.start, second.end), period=Period(p1.start, p2.end, f"{p1.label} to {p2.label}"))
    if scan.periods_listed:  # "in 2024 and 2025": one period when each follows the one before
        listed = scan.periods[:scan.periods_listed]
        values = [value_of(p) for p in listed]
        if all(a.end + timedelta(days=1) == b.start for a, b in zip(values, values[1:])):
            labels = [v.label for v in values]
            return _read((listed[0].start, listed[-1].end),
                         period=Period(values[0].start, values[-1].end, f"{', '.join(labels[:-1])} and {labels[-1]}"))
    if scan.periods:
        first = scan.periods[0]
        return _read((first.start, first.end), period=value_of(first))
    return TimeFinding()


def find_time(text: str, as_of: date, calendar=None) -> TimeFinding:
    return place_time(scan_time(text), as_of, calendar)
