"""Serbian is written in two scripts, letter for letter: a name written in one is also a name in
the other ("popunjenost" is "попуњеност"). Pure."""
from __future__ import annotations

import re
from typing import Optional

_TO_CYRILLIC = {"lj": "љ", "nj": "њ", "dž": "џ", "a": "а", "b": "б", "c": "ц", "č": "ч", "ć": "ћ", "d": "д", "đ": "ђ",
                "e": "е", "f": "ф", "g": "г", "h": "х", "i": "и", "j": "ј", "k": "к", "l": "л", "m": "м", "n": "н",
                "o": "о", "p": "п", "r": "р", "s": "с", "š": "ш", "t": "т", "u": "у", "v": "в", "z": "з", "ž": "ж"}
_TO_LATIN = {c: l for l, c in _TO_CYRILLIC.items()}
_LATIN_WORDS = re.compile(r"[a-pr-vzčćđšž ]+")  # Serbian Latin letters: no q, w, x, y
_CYRILLIC_WORDS = re.compile(r"[абвгдђежзијклљмнњопрстћуфхцчџш ]+")
_LATIN_LETTER = re.compile("|".join(sorted(_TO_CYRILLIC, key=len, reverse=True)))


def in_the_other_script(name: str) -> Optional[str]:
    """The name in the other Serbian script, when it is written in Serbian letters of one script
    only; else None."""
    lowered = name.strip().lower()
    if len(lowered) < 4:
        return None
    if _LATIN_WORDS.fullmatch(lowered):
        return _LATIN_LETTER.sub(lambda m: _TO_CYRILLIC[m.group(0)], lowered)
    if _CYRILLIC_WORDS.fullmatch(lowered):
        return "".join(_TO_LATIN.get(ch, ch) for ch in lowered)
    return None
