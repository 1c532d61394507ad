import { useId, useMemo, useState } from 'react';
import { MESSAGES } from '#contract/index.ts';
import { UnsavedInputList } from '../../app/parts.ts';
import { LoadStatus } from '../../components/load/LoadStatus.tsx';
import { fetchCatalogue } from '../../lib/catalogue.ts';
import { useLoad } from '../../lib/http/useLoad.ts';
import { countEservices, filterCatalogue } from './filter.ts';
import './esvc.css';

const groupId = (name: string) => `esvc-group-${name.replace(/[^A-Za-z0-9]+/g, '-')}`;

/**
 * E-services (#/esvc): every e-service the acting profile may use, by group, with search-as-you-type
 * over title and description. Each links to its view (the generic screen unless the catalogue says).
 */
export default function EsvcScreen() {
  const { state: loaded } = useLoad('catalogue', (signal) => fetchCatalogue(signal));
  const [query, setQuery] = useState('');
  const searchId = useId();

  const groups = useMemo(
    () => (loaded.kind === 'ready' ? filterCatalogue(loaded.value.groups, query) : []),
    [loaded, query],
  );
  const count = countEservices(groups);

  return (
    <section aria-labelledby="page-heading" className="esvc">
      <h1 id="page-heading" tabIndex={-1}>
        E-services
      </h1>
      <UnsavedInputList />
      <LoadStatus state={loaded} loading="Loading the e-services…" failed={MESSAGES.somethingWrong} />
      {loaded.kind === 'ready' && (
        <>
          <div role="search" className="esvc-search">
            <label htmlFor={searchId}>Search e-services</label>
            <p id={`${searchId}-hint`} className="field-hint">
              Type words from an e-service&apos;s name or description.
            </p>
            <input
              id={searchId}
              type="search"
              value={query}
              autoComplete="off"
              aria-describedby={`${searchId}-hint`}
              aria-controls="esvc-results"
              onChange={(e) => setQuery(e.target.value)}
            />
          </div>
          <p role="status" className="esvc-count">
            {count === 1 ? '1 e-service' : `${count} e-services`}
            {query.trim() ? ` match “${query.trim()}”` : ''}
          </p>
          <div id="esvc-results">
            {groups.map((group) => (
              <section key={group.name} aria-labelledby={groupId(group.name)} className="esvc-group">
                <h2 id={groupId(group.name)}>{group.name}</h2>
                <ul className="esvc-list">
                  {group.eservices.map((e) => (
                    <li key={e.code}>
                      <a href={`#${e.href}`}>{e.title}</a>
                      <p>{e.description}</p>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        </>
      )}
    </section>
  );
}
