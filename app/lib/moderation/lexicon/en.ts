// English word list of the built-in scorer. Written for this project: a modest list of common
// insults, profanity, threats and dehumanising words, weighted so that one insult stays below the
// default threshold (70) and a threat or an insult with profanity reaches it. Extend it here.
import type { Lexicon } from './lexicon'

export const en: Lexicon = {
  insult: {
    'idiot*': 35,
    'stupid*': 35,
    dumb: 30,
    dumbass: 55,
    'moron*': 40,
    'imbecile*': 40,
    'loser*': 30,
    jerk: 25,
    jerks: 25,
    pathetic: 30,
    worthless: 40,
    'scumbag*': 55,
    scum: 50,
    'shut up': 25,
    'piece of shit': 70,
  },
  profanity: {
    'fuck*': 55,
    'motherfuck*': 70,
    shit: 40,
    shits: 40,
    shitty: 40,
    bullshit: 35,
    crap: 15,
    'asshole*': 60,
    'bastard*': 50,
    'bitch*': 60,
    damn: 10,
  },
  threat: {
    'kill you': 90,
    'kill yourself': 95,
    kys: 85,
    'i will kill': 90,
    'hurt you': 75,
    'you should die': 90,
    'beat you up': 80,
    'find where you live': 80,
  },
  hate: {
    'subhuman*': 85,
    vermin: 60,
    'go back to your country': 80,
  },
}
