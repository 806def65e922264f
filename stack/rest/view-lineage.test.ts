import { describe, expect, it } from 'vitest';
import { viewColumnOrigins } from './view-lineage.ts';

// Trimmed from a PostgreSQL 15 pg_rewrite.ev_action of
// `create view v as select c.id, c.name as "city name", k.code from cities c join countries k on k.id = c.country_id`.
const ACTION =
  '({QUERY :commandType 1 :querySource 0 :canSetTag true :utilityStmt <> :resultRelation 0 :hasAggs false ' +
  ':cteList <> :rtable ({RTE :alias <> :eref {ALIAS :aliasname sub :colnames ("x")} :rtekind 1 :subquery ' +
  '{QUERY :commandType 1 :targetList ({TARGETENTRY :expr {VAR :varno 1 :varattno 9} :resno 7 :resname x :ressortgroupref 0 :resorigtbl 999 :resorigcol 9 :resjunk false})}}) ' +
  ':jointree {FROMEXPR :fromlist ({JOINEXPR :jointype 0}) :quals <>} ' +
  ':targetList (' +
  '{TARGETENTRY :expr {VAR :varno 1 :varattno 1 :vartype 20 :vartypmod -1 :varcollid 0 :varlevelsup 0 :varnosyn 1 :varattnosyn 1 :location 19} :resno 1 :resname id :ressortgroupref 0 :resorigtbl 16400 :resorigcol 1 :resjunk false} ' +
  '{TARGETENTRY :expr {VAR :varno 1 :varattno 3} :resno 2 :resname city\\ name :ressortgroupref 0 :resorigtbl 16400 :resorigcol 3 :resjunk false} ' +
  '{TARGETENTRY :expr {FUNCEXPR :funcid 870 :args ({VAR :varno 2 :varattno 2})} :resno 3 :resname upper :ressortgroupref 0 :resorigtbl 0 :resorigcol 0 :resjunk false} ' +
  '{TARGETENTRY :expr {VAR :varno 2 :varattno 3} :resno 4 :resname code :ressortgroupref 0 :resorigtbl 16390 :resorigcol 3 :resjunk false}' +
  ') :override 0 :onConflict <> :returningList <>})';

describe('viewColumnOrigins', () => {
  it('reads the top-level target list only, skipping computed columns and subquery entries', () => {
    expect(viewColumnOrigins(ACTION)).toEqual([
      { viewAttnum: 1, baseOid: 16400, baseAttnum: 1 },
      { viewAttnum: 2, baseOid: 16400, baseAttnum: 3 },
      { viewAttnum: 4, baseOid: 16390, baseAttnum: 3 },
    ]);
  });

  it('returns nothing for text it does not understand', () => {
    expect(viewColumnOrigins('')).toEqual([]);
    expect(viewColumnOrigins('({QUERY :commandType 1 :targetList <>})')).toEqual([]);
    expect(viewColumnOrigins('garbage (((')).toEqual([]);
  });
});
