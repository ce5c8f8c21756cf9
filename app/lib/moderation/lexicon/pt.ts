// Portuguese word list of the built-in scorer, written for this project (see en.ts for the weights).
import type { Lexicon } from './lexicon'

export const pt: Lexicon = {
  insult: {
    'idiota*': 35,
    'estupid*': 35,
    'imbecil*': 40,
    burro: 25,
    'otario*': 45,
    'babaca*': 45,
    'vagabundo*': 45,
    'cala a boca': 25,
    'lixo humano': 70,
    inutil: 30,
  },
  profanity: {
    merda: 45,
    porra: 40,
    caralho: 45,
    puta: 60,
    putas: 60,
    'filho da puta': 75,
    'desgraçado*': 55,
    'foda-se': 55,
  },
  threat: {
    'vou te matar': 90,
    'te mato': 85,
    'se mata': 95,
    'tomara que morra': 90,
    'vou quebrar sua cara': 85,
  },
  hate: {
    'subumano*': 85,
    verme: 60,
    vermes: 60,
    'volta pro seu pais': 80,
  },
}
