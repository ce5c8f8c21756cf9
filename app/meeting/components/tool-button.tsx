import { Icon, type IconName } from './icons'

/** One toolbar control: an icon over its label (the label is the button's name). */
export function ToolButton({
  icon,
  label,
  pressed,
  onClick,
  className,
  disabled,
}: {
  icon: IconName
  label: string
  pressed?: boolean
  onClick: () => void
  className?: string
  disabled?: boolean
}) {
  return (
    <button
      type="button"
      className={`meeting-tool${className ? ` ${className}` : ''}`}
      aria-pressed={pressed}
      onClick={onClick}
      disabled={disabled}
    >
      <Icon name={icon} />
      <span className="meeting-tool-label">{label}</span>
    </button>
  )
}
