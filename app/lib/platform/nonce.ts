import { createContext, useContext } from 'react'

/** The CSP nonce of the current document; empty in the browser, where React does not need it. */
export const NonceContext = createContext('')
export const useNonce = () => useContext(NonceContext)
