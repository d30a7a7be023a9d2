"""The English a Chinese rules page may still show: names and deliberate terms, word by word
(single letters, card ranks and seats such as A, K, T+n, are allowed everywhere). Anything else
in Latin letters on a page read in Chinese is a sentence left untranslated."""

NAMES = {
    # Players in the worked examples
    "Asha", "Bongani", "Chetan", "Dev", "Esha",
    # The games, the app and the language switch
    "Euchre", "Nigerian", "Pottle", "Spades", "Thunee", "Thuni", "Zhao", "Pengyou",
    "Scorekeeper", "English",
}  # fmt: skip

TERMS = {
    # Thunee's calls keep their names at a Chinese table, as its Chinese lines do
    "Double", "Jodi", "Jodie", "Jodhi", "Jorie", "Chorie", "Khanaak", "Kunuck", "Khanuck",
    "Moenie", "Royals", "Trips", "marials",
    # Pottle's card marked NO (no trumps), and the game log's name of a house rule
    "NO", "chip_value",
}  # fmt: skip

ALLOWED = NAMES | TERMS
