'use client';

import { useFormatter, useTranslations } from 'next-intl';
import type { StreamEventsQuery } from '@/data/generated/graphql';
import { FactsList } from '@/ui/facts-list';

type StreamEvent = StreamEventsQuery['streamEvents']['events'][number];

const WITHHELD = ['dice', 'sealedSeed'] as const;
type Withheld = (typeof WITHHELD)[number];
const isWithheld = (w: string): w is Withheld => (WITHHELD as readonly string[]).includes(w);

function pretty(json: string | null): string {
  if (json === null) return '';
  try {
    return JSON.stringify(JSON.parse(json), null, 2);
  } catch {
    return json;
  }
}

function metadataOf(json: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(json);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** A block of JSON that scrolls: focusable, so a keyboard can scroll it too. */
function JsonBlock({ label, json }: { label: string; json: string | null }) {
  return (
    <figure className="json-block">
      <figcaption>{label}</figcaption>
      <pre className="json" tabIndex={0} aria-label={label}>
        {pretty(json)}
      </pre>
    </figure>
  );
}

/** One event as the server lets an operator see it: what it is, who sent it, its data, and what was withheld. */
export function StreamEventDetails({ event, kind }: { event: StreamEvent; kind: string }) {
  const t = useTranslations('operations');
  const format = useFormatter();
  const metadata = metadataOf(event.metadata);
  const text = (key: string) => (typeof metadata[key] === 'string' ? (metadata[key] as string) : '—');
  return (
    <article aria-labelledby="event-title" className="stream-event">
      <h3 id="event-title">{t('eventTitle', { revision: format.number(event.revision), type: event.type })}</h3>
      {event.withheld.length > 0 ? (
        <ul className="withheld">
          {event.withheld.map((w) => (
            <li key={w} className="badge warn">
              {isWithheld(w) ? t(`withheld.${w}`) : w}
            </li>
          ))}
        </ul>
      ) : null}
      <FactsList
        rows={[
          [t('committedAt'), format.dateTime(new Date(event.committedAt), { dateStyle: 'medium', timeStyle: 'medium' })],
          [t('position'), event.position],
          [t('actor'), text('actor')],
          [t('commandId'), text('commandId')],
          [t('command'), text('command')],
          [t('eventId'), event.id],
        ]}
      />
      <div className="grid-2">
        <JsonBlock label={t('data')} json={event.data} />
        <JsonBlock label={t('metadata')} json={event.metadata} />
      </div>
      {kind === 'MATCH' ? <JsonBlock label={t('publicView')} json={event.view} /> : null}
    </article>
  );
}
