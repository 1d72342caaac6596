import { useQuery } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { TAXONOMY, type TaxonomyKind } from "./config";
import { CreateNameForm } from "./create-name-form";

export function TaxonomyPage({ kind }: { kind: TaxonomyKind }) {
  const texts = TAXONOMY[kind];
  const query = useQuery(texts.query());
  const Icon = texts.icon;
  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <Card>
        <CardHeader>
          <CardTitle as="h1">{texts.createTitle}</CardTitle>
          <CardDescription>{texts.createSubtitle}</CardDescription>
        </CardHeader>
        <CardContent>
          <CreateNameForm kind={kind} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Icon className="size-5 text-primary" aria-hidden /> {texts.listTitle}
            {query.data ? (
              <Badge variant="secondary" className="ml-auto">
                {query.data.length}
              </Badge>
            ) : null}
          </CardTitle>
          {texts.listSubtitle ? <CardDescription>{texts.listSubtitle}</CardDescription> : null}
        </CardHeader>
        <CardContent>
          {query.isPending ? (
            <div className="flex flex-wrap gap-2" aria-busy>
              {[20, 28, 16, 24, 32, 18].map((width, i) => (
                <Skeleton
                  key={i}
                  className="h-8 rounded-full"
                  style={{ width: `${width * 4}px` }}
                />
              ))}
            </div>
          ) : !query.data || query.data.length === 0 ? (
            <p className="rounded-xl border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">
              {texts.empty}
            </p>
          ) : (
            <ul className="flex flex-wrap gap-2" aria-label={texts.listTitle}>
              {query.data.map((item) => (
                <li key={item.id}>
                  <Badge variant="outline" className="px-3 py-1.5 text-sm font-medium">
                    {item.name}
                  </Badge>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
