// The upload's progress bar: where JavaScript runs, the upload form's data is sent with
// XMLHttpRequest (fetch cannot report upload progress) to the library's JSON upload route
// (/{brand}/media/upload), which answers where to go next (its flash cookie already set) or the
// refusal to show. Without JavaScript none of this runs and the form posts to the page as it is.
import { useNavigate } from '@remix-run/react'
import { useState, type FormEvent } from 'react'
import { useT } from '#app/lib/i18n/use-t'
import type { MediaActionData } from './media.server'

export function useUploadWithProgress() {
  const navigate = useNavigate()
  const [progress, setProgress] = useState<number | null>(null)
  const [error, setError] = useState<MediaActionData | undefined>()

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget
    event.preventDefault()
    const input = form.elements.namedItem('files') as HTMLInputElement | null
    if (!input?.files?.length) {
      setError({ form: 'upload', error: 'media:errors.none' })
      return
    }
    const url = new URL(form.action, window.location.href)
    url.pathname += '/upload'
    const request = new XMLHttpRequest()
    request.open('POST', url)
    request.setRequestHeader('Accept', 'application/json')
    request.upload.onprogress = (progressEvent) => {
      if (progressEvent.lengthComputable) setProgress(Math.round((progressEvent.loaded / progressEvent.total) * 100))
    }
    request.onload = () => {
      setProgress(null)
      let answer: (Partial<MediaActionData> & { redirectTo?: string }) | null = null
      try {
        answer = JSON.parse(request.responseText)
      } catch {
        // Not the upload route's answer (a refusal page, a proxy's error): the general message.
      }
      if (request.status === 200 && answer?.redirectTo) {
        form.reset()
        setError(undefined)
        navigate(answer.redirectTo)
        return
      }
      setError(answer?.error ? (answer as MediaActionData) : { form: 'upload', error: 'media:errors.upload' })
    }
    request.onerror = () => {
      setProgress(null)
      setError({ form: 'upload', error: 'media:errors.upload' })
    }
    setError(undefined)
    setProgress(0)
    request.send(new FormData(form))
  }

  return { progress, error, onSubmit }
}

export function UploadProgress({ progress }: { progress: number | null }) {
  const { t } = useT()
  if (progress === null) return null
  return (
    <div className="media-progress">
      <label htmlFor="media-progress">{t('media:upload.progress')}</label>
      <progress id="media-progress" max={100} value={progress} aria-label={t('media:upload.progressLabel')}>
        {progress}%
      </progress>
      <span aria-live="polite">{progress}%</span>
    </div>
  )
}
