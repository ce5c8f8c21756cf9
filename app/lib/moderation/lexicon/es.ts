// Spanish word list of the built-in scorer, written for this project (see en.ts for the weights).
import type { Lexicon } from './lexicon'

export const es: Lexicon = {
  insult: {
    'idiota*': 35,
    'estupid*': 35,
    'imbecil*': 40,
    'tonto*': 25,
    'pendejo*': 50,
    gilipollas: 55,
    inutil: 30,
    'basura humana': 70,
    callate: 25,
    'cabron*': 55,
  },
  profanity: {
    mierda: 45,
    joder: 40,
    puta: 60,
    putas: 60,
    'hijo de puta': 75,
    carajo: 35,
    coño: 40,
    'maldito*': 25,
  },
  threat: {
    'te voy a matar': 90,
    'te mato': 85,
    matate: 95,
    'ojala te mueras': 90,
    'te voy a romper la cara': 85,
  },
  hate: {
    'subhumano*': 85,
    'alimaña*': 60,
    'vuelve a tu pais': 80,
  },
}
