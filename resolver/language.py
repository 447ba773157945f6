"""Which language a text is written in: by its script, and in scripts many languages share, by the
function words it uses (articles, prepositions, auxiliaries, question words): words every sentence
has and that name nothing, so a text's names and subject matter do not sway the guess.

Closely related languages that share most such words are one group ("nordic": Danish, Norwegian,
Swedish; "bcms": Bosnian, Croatian, Montenegrin, Serbian in Latin letters; "cs-sk"; "id-ms";
Portuguese and Galician: "pt-gl") since telling them apart is not needed to know that two texts are
written in different languages.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Optional

from resolver.text import fold

# folded (lower case, accents stripped) function words; a word two languages share counts for both
_FUNCTION_WORDS = {
    "en": "the of and is are was were does do did what which how when who whose this that these those with from into "
          "about for our we you your has have been would should could will can please any it its their there than "
          "still yet just only also not does don't isn't aren't wasn't at by on in to be as",
    "de": "der die das den dem des ist sind wird werden wurde wurden war waren und oder nicht kein keine ein eine einen "
          "einem einer welche welcher welches welchen wie was wer wir ihr uns unsere unser mit fur bei zum zur vom auch "
          "noch schon nach uber sich bitte gilt galt ab seit im am ich es gibt wo woher",
    "nl": "de het een is zijn wordt worden werd en niet welke hoe wat wie wij we onze ons met voor bij naar ook nog al "
          "van op dat deze die tot uit graag geldt gold sinds per nu mee",
    "fr": "le la les de des du en un une est sont et ou pas quelle quel quelles quels comment que qui nous notre nos "
          "avec pour dans sur aux au ce cette ces il elle merci bonjour s'il vous je",
    "es": "el la los las de del un una es son y o no cual cuales como que quien nosotros nuestro nuestra con para por en "
          "se lo al esta este estos estas hay gracias hola usted cuando donde",
    "pt-gl": "o a os as de do da dos das um uma unha e sao son nao non qual quais cal cales como que quem quen nos "
             "nosso nossa noso nosa com con para por no na se ao esta este isso essa esse tem obrigado voces voce ola "
             "quando onde vai pra pro mas tambem ja ainda",
    "it": "il lo la gli le di del della dei delle un una e sono non quale quali come che chi noi nostro nostra con per "
          "nel nella sul sulla al alla questo questa grazie ciao",
    "ca": "el la els les de del dels un una es son i o no quin quina quins com que qui nosaltres nostre amb per en al "
          "aquest aquesta",
    "ro": "si este sunt nu care cum ce cine noi nostru noastra cu pentru in pe la al ale din de un o acest aceasta "
          "mai sau fost",
    "nordic": "och att det som ar en ett av pa med for till inte vilken vilket hur vad vi var er og at ikke hvilken "
              "hvilket hvordan hva hvad vores den de jeg vi eller i om fra fran blir bliver ble blev har kan skal ska",
    "fi": "ja on ovat ei mika mitka miten kuka me meidan kanssa etta se tama nama kun jos tai myos oli",
    "et": "ja on ei mis milline kuidas kes meie koos et see need kui voi ka oli",
    "pl": "i jest sa nie jaki jaka jakie jak co kto my nasz nasza z dla w na do od sie to czy ten ta byl byla bylo "
          "ktora ktory ktore",
    "cs-sk": "a je jsou nie nejsou ktery ktera ktere jak co kdo my nas s pro v na do od se to ze ako aky aka su pre "
             "byl byla bylo ci sa",
    "sl": "in je so ni kateri katera kako kaj kdo mi nas z za v na do od se to ali",
    "bcms": "i je su nije koji koja koje kako sta sto tko ko mi nas s za u na do od se to li",
    "hu": "a az es van vannak nem melyik milyen hogyan mi ki mienk val vel szamara ez azok hogy is volt",
    "tr": "ve bir bu su mi mu mudur midir hangi nasil ne kim biz bizim ile icin de da olarak olan mi",
    "id-ms": "yang dan di ke dari untuk dengan adalah tidak apa bagaimana siapa kami kita ini itu atau juga sudah "
             "belum apakah yg utk gak tak nak ya",
    "tl": "ang ng mga sa ay at hindi ano paano sino kami namin natin ito iyan po ba na",
    "vi": "cua la va khong gi nao nhu the ai chung toi voi cho trong tren nay do co duoc nhung",
    "sw": "ya wa na kwa ni si nini gani vipi nani sisi yetu katika hii hiyo je tafadhali",
    "lv": "un ir nav kads kada ka kas mes musu ar par uz no",
    "lt": "ir yra nera koks kokia kaip kas mes musu su uz is",
    "is": "og er eru ekki hvada hvernig hvad vid okkar med fyrir til a i um",
    "sq": "dhe eshte jane nuk cili cila si cfare kush ne yne me per",
    "af": "die en is nie watter hoe wat wie ons met vir in op van dit daardie",
    "eu": "eta da dira ez zein nola zer nor gu gure bat hau hori",
    "cy": "y yr a ac yw ydy mae nid pa sut beth pwy ni ein gyda ar i o",
    "ga": "an na agus ta nil cen conas cad ce muid ar le do i o",
    "ha": "da na ta ne ce ba me yaya wane wace mu mun a",
    "yo": "ati ni ti ko kini bawo tani awa wa pelu fun si",
    "zu": "futhi na ngu akusiyo yini kanjani ubani thina yethu nge",
    "uz": "va bu u qanday qaysi nima kim biz bizning bilan uchun emas edi kerak",
    "az": "ve bu o hansi nece ne kim biz bizim ile ucun deyil",
    "ru": "и в на не что как какой какая какое какие кто мы наш с для по от до это ли или уже ещё еще был была было "
          "были есть пожалуйста",
    "uk": "і в на не що як який яка яке які хто ми наш з для по від до це чи або вже ще був була було були є будь",
    "bg": "и в на не що как кой коя кое кои ние наш с за по от до това ли се или вече още беше са е моля",
    "sr": "и у на не шта како који која које ко ми наш са за по од до то ли се или већ још је био била било молим",
    "kk": "және мен бұл қандай қалай не кім біз біздің үшін емес бойынша",
    "ar": "في من على الى هل ما ماذا كيف هذا هذه التي الذي عن مع هو هي أي او لا كان كانت يعني شو وش ممكن بس لو",
    "fa": "در از به که را رو این آن است چه چگونه با برای هست ها می شده بود بر یا میشه میشن توی تو اگه چی هم نه میخوام "
          "میخواستم",
    "ur": "میں کا کی کے ہے ہیں کیا کیسے یہ وہ سے کو کہ اور نہیں تھا",
}

# scripts only one language (or group) writes; kana before Han, so Japanese is not read as Chinese
_SCRIPTS = [
    ("ko", re.compile("[\uac00-\ud7af]")), ("ja", re.compile("[\u3040-\u30ff]")), ("zh", re.compile("[\u4e00-\u9fff]")),
    ("th", re.compile("[\u0e00-\u0e7f]")), ("lo", re.compile("[\u0e80-\u0eff]")), ("my", re.compile("[\u1000-\u109f]")),
    ("km", re.compile("[\u1780-\u17ff]")), ("el", re.compile("[\u0370-\u03ff]")), ("he", re.compile("[\u0590-\u05ff]")),
    ("ka", re.compile("[\u10a0-\u10ff]")), ("hy", re.compile("[\u0530-\u058f]")), ("am", re.compile("[\u1200-\u137f]")),
    ("bn", re.compile("[\u0980-\u09ff]")), ("pa", re.compile("[\u0a00-\u0a7f]")), ("gu", re.compile("[\u0a80-\u0aff]")),
    ("ta", re.compile("[\u0b80-\u0bff]")), ("te", re.compile("[\u0c00-\u0c7f]")), ("kn", re.compile("[\u0c80-\u0cff]")),
    ("ml", re.compile("[\u0d00-\u0d7f]")), ("deva", re.compile("[\u0900-\u097f]")),
]
_WORDS_BY_LANGUAGE = {language: frozenset(fold(words).split()) for language, words in _FUNCTION_WORDS.items()}
_SPEAKERS: dict[str, tuple[str, ...]] = {}
for _language, _vocabulary in _WORDS_BY_LANGUAGE.items():
    for _w in _vocabulary:
        _SPEAKERS[_w] = _SPEAKERS.get(_w, ()) + (_language,)
_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")


@lru_cache(maxsize=8192)
def language_of(text: str) -> Optional[str]:
    """The language (or group) a text is written in, or None when it cannot tell: the script where
    one language writes it, else the language whose function words the text uses most, with at
    least two of them (or one in a text of three words or fewer) and more than any other's."""
    for language, script in _SCRIPTS:
        if script.search(text):
            return language
    words = _WORD.findall(fold(text))
    if not words:
        return None
    scores: dict[str, float] = {}
    for w in words:
        speakers = _SPEAKERS.get(w, ())
        for language in speakers:  # a word of k languages counts 1/k for each
            scores[language] = scores.get(language, 0.0) + 1.0 / len(speakers)
    if not scores:
        return None
    ranked = sorted(scores.values(), reverse=True)
    best = ranked[0]
    if best < 1.0 or (len(ranked) > 1 and ranked[1] * 1.5 > best):
        return None
    return max(scores, key=scores.get)


def languages_of(texts) -> frozenset[str]:
    """The languages the sentences of these texts are written in (each sentence guessed alone)."""
    found = set()
    for text in texts:
        for sentence in re.split(r"(?<=[.!?。！？])\s*", text):
            language = language_of(sentence)
            if language is not None:
                found.add(language)
    return frozenset(found)
