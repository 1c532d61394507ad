import type { CatalogueResponse } from '#contract/schemas/eservices.ts';

/** Links to the e-services the acting profile's menu groups allow, under a heading per group. */
export function EserviceShortcuts({ groups }: { groups: CatalogueResponse['groups'] }) {
  const shown = groups.filter((g) => g.eservices.length > 0);
  return (
    <section aria-labelledby="shortcuts-heading" className="dashboard-panel">
      <h2 id="shortcuts-heading">E-services</h2>
      {shown.length === 0 ? (
        <p>No e-services are available to this profile.</p>
      ) : (
        shown.map((group) => (
          <div key={group.name} className="shortcut-group">
            <h3>{group.name}</h3>
            <ul className="shortcut-list">
              {group.eservices.map((e) => (
                <li key={e.code}>
                  <a href={`#${e.href}`}>{e.title}</a>
                </li>
              ))}
            </ul>
          </div>
        ))
      )}
    </section>
  );
}
